import { COIN_UNIT } from '../../../schema/constants';
import type { SessionDashboard } from '../../../schema/live-dashboard';
import type { SessionUser } from '../../../schema/user';
import { configFor } from '../../config/config';
import { localStreamHealth } from '../../live/health';
import { getSessionTips } from '../tips/queries';
import { getPeakViewerCount } from './queries';
import { requireOwnedSession } from './service';

/** How many of the session's tips the dashboard lists (the total counts them all). */
const RECENT_TIPS = 20;

/**
 * The studio's numbers while live (issue 24.3), for the session's owner only (others 403): viewers
 * now and at most (the chat room keeps both, party/viewer-count.ts), the start, this session's
 * confirmed tips and their total, and the stream's health as its provider reports it.
 */
export const sessionDashboard = async (
  env: Env,
  caller: SessionUser,
  id: string,
): Promise<SessionDashboard> => {
  const session = await requireOwnedSession(env.DB, id, caller);
  const [peak, tips, health] = await Promise.all([
    getPeakViewerCount(env.DB, id),
    getSessionTips(env.DB, id, RECENT_TIPS),
    configFor(env).STREAM_PROVIDER === 'livepeer'
      ? Promise.resolve({ provider: 'livepeer' as const })
      : localStreamHealth(env.DB, session.streamKeyId, id),
  ]);
  return {
    sessionId: session.id,
    status: session.status,
    startedAt: session.startedAt,
    viewerCount: session.viewerCount,
    peakViewerCount: peak,
    tips: {
      count: tips.count,
      total: tips.totalUnits / COIN_UNIT,
      recent: tips.recent.map((tip) => ({
        id: tip.id,
        tipperUsername: tip.tipper_username,
        amount: tip.amount / COIN_UNIT,
        giftName: tip.gift_name,
        message: tip.message,
        createdAt: tip.created_at,
      })),
    },
    health,
  };
};
