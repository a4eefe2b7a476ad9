import type { AnalyticsContentType, ContentAnalytics, UserAnalyticsDetail } from '../../../schema/views';
import { notFound } from '../../lib/errors';
import { isVisibleTo } from '../videos/visibility';
import { getViewStats } from '../views/queries';
import { getContentCounters, getUserTotals } from './queries';

/**
 * Engagement rate in percent: interactions (likes + comments + shares) per view × 100, two
 * decimals; 0 when nothing was viewed. Bookmarks are left out: the spec counts them on shorts only.
 */
export const engagementScore = (totals: {
  totalViews: number;
  totalLikes: number;
  totalComments: number;
  totalShares: number;
}): number => {
  if (totals.totalViews === 0) return 0;
  const interactions = totals.totalLikes + totals.totalComments + totals.totalShares;
  return Math.round((interactions / totals.totalViews) * 10_000) / 100;
};

/** View stats and engagement counters of an item the caller may see, or a 404. */
export const getContentAnalytics = async (
  db: D1Database,
  type: AnalyticsContentType,
  id: string,
  callerId: string | null,
): Promise<ContentAnalytics> => {
  const counters = await getContentCounters(db, type, id);
  if (!counters || !isVisibleTo(counters, callerId)) throw notFound('Content not found');
  const { userId: _owner, isPublic: _public, ...engagement } = counters;
  return { ...(await getViewStats(db, type, id)), ...engagement };
};

/** A user's totals and engagement score, or a 404. */
export const getUserAnalytics = async (db: D1Database, userId: string): Promise<UserAnalyticsDetail> => {
  const totals = await getUserTotals(db, userId);
  if (!totals) throw notFound('User not found');
  return { ...totals, engagementScore: engagementScore(totals) };
};
