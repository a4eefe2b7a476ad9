import type { View, ViewStats } from '../../../schema/content';
import { type UpdateViewBody, VIEW_RULES, type ViewContentType } from '../../../schema/views';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { growGardenFromView } from '../garden/view-growth';
import { isVisibleTo } from '../videos/visibility';
import { viewClock } from './clock';
import { findViewedContent } from './content-queries';
import {
  getLatestViewId,
  getViewBasis,
  getViewStats,
  insertViewOnce,
  updateViewProgress,
  type ViewBasis,
} from './queries';
import { viewerKeyOf } from './viewer';

/** 404 unless the content exists and the caller may see it (private items: their owner only). */
const assertViewable = async (db: D1Database, type: ViewContentType, id: string, callerId: string | null) => {
  const content = await findViewedContent(db, type, id);
  if (!content || !isVisibleTo(content, callerId)) throw notFound('Content not found');
};

/** Who calls the views API: the session's user if any, and the IP and browser the request came from. */
export type Viewer = { userId: string | null; ip: string; userAgent: string };

export type StartView = {
  type: ViewContentType;
  contentId: string;
  /** The `userId` the body named (already checked against the session), or null. */
  userId: string | null;
  viewer: Viewer;
  sessionId: string;
  /** The IP and User-Agent stored with the view (the body's where no header says). */
  ip: string;
  userAgent: string;
};

const WINDOW_MS = VIEW_RULES.viewerWindowMinutes * 60_000;

/**
 * Records a view and answers its id; the item's view counter grows with it. A viewer who already
 * started a view of the item within the window gets that view's id back, and nothing is counted.
 */
export const startView = async (
  db: D1Database,
  input: StartView,
): Promise<{ viewId: string; created: boolean }> => {
  await assertViewable(db, input.type, input.contentId, input.viewer.userId);
  const now = new Date(viewClock.now());
  const viewerKey = await viewerKeyOf(db, input.viewer, now);
  const id = newId();
  const created = await insertViewOnce(
    db,
    {
      id,
      contentType: input.type,
      contentId: input.contentId,
      userId: input.userId,
      sessionId: input.sessionId,
      ipAddress: input.ip,
      userAgent: input.userAgent,
      viewerKey,
      createdAt: now.toISOString(),
    },
    new Date(now.getTime() - WINDOW_MS).toISOString(),
  );
  if (created) return { viewId: id, created };
  const latest = await getLatestViewId(db, {
    viewerKey,
    contentType: input.type,
    contentId: input.contentId,
  });
  if (!latest) throw notFound('View not found');
  return { viewId: latest, created };
};

/** Only the viewer who started a view may move it forward: the same user, or the same IP and browser. */
const assertSameViewer = async (db: D1Database, viewerKey: string, viewer: Viewer, now: Date) => {
  if (viewerKey.startsWith('user:')) {
    if (!viewer.userId) throw unauthorized('Please log in to use this feature');
    if (viewerKey === `user:${viewer.userId}`) return;
  } else if (viewerKey === (await viewerKeyOf(db, { ...viewer, userId: null }, now))) {
    return;
  }
  throw forbidden('Only the viewer who started this view may update it');
};

/**
 * What the server accepts of a progress report: watch time up to the seconds it has seen pass since
 * the view began (a loop may count past the length; a claim past the clock never does), and a
 * completion only once that time reaches `completionShare` of the length. A stream has no length,
 * so its views never complete.
 */
export const acceptedProgress = (
  basis: Pick<ViewBasis, 'createdAt' | 'watchDuration' | 'length'>,
  claim: { watchDuration: number; isCompleted: boolean },
  now: number,
): { watchDuration: number; isCompleted: boolean } => {
  const elapsed = Math.max(0, Math.floor((now - Date.parse(basis.createdAt)) / 10) / 100);
  const watchDuration = Math.min(claim.watchDuration, elapsed);
  const counted = Math.max(watchDuration, basis.watchDuration);
  // To the hundredth, as watch time is: 80 % of 12 s is 9.6 s, not 9.600000000000001.
  const threshold =
    basis.length === null ? null : Math.round(VIEW_RULES.completionShare * basis.length * 100) / 100;
  const isCompleted = claim.isCompleted && threshold !== null && counted >= threshold;
  return { watchDuration, isCompleted };
};

/**
 * Records watch progress as far as the server's clock backs it (`acceptedProgress`); watch time never
 * goes back and a completed view stays completed. A signed-in user's completed short also grows their
 * garden (once per view, capped per day).
 */
export const recordProgress = async (
  db: D1Database,
  viewId: string,
  body: UpdateViewBody,
  viewer: Viewer,
): Promise<View> => {
  const basis = await getViewBasis(db, viewId);
  if (basis === null) throw notFound('View not found');
  const now = new Date(viewClock.now());
  await assertSameViewer(db, basis.viewerKey, viewer, now);
  const progress = acceptedProgress(basis, body, now.getTime());
  const view = await updateViewProgress(db, viewId, { ...progress, updatedAt: now.toISOString() });
  if (!view) throw notFound('View not found');
  if (view.isCompleted && view.userId && view.contentType === 'shorts') {
    await growGardenFromView(db, { viewId: view.viewId, userId: view.userId }, now);
  }
  return view;
};

/** View totals of content the caller may see. */
export const getVisibleViewStats = async (
  db: D1Database,
  type: ViewContentType,
  id: string,
  callerId: string | null,
): Promise<ViewStats> => {
  await assertViewable(db, type, id, callerId);
  return getViewStats(db, type, id);
};
