import { COIN_UNIT } from '../../../schema/constants';
import type { SessionDashboard } from '../../../schema/live-dashboard';
import type { StreamSession } from '../../../schema/live-session';
import { localStreamHealth } from '../../live/health';
import { getSessionTips } from '../tips/queries';
import { getPeakViewerCount } from './queries';

/** How many of the session's tips the dashboard lists (the total counts them all). */
const RECENT_TIPS = 20;

/**
 * The studio's numbers while live (issue 24.3) for a session its owner asked about: viewers now and
 * at most (the chat room keeps both, party/viewer-count.ts), the start, this session's confirmed
 * tips and their total, and the stream's health as far as `provider` lets us see it.
 */
export const sessionDashboard = async (
  db: D1Database,
  session: StreamSession,
  provider: 'local' | 'livepeer' | 'cloudflare',
): Promise<SessionDashboard> => {
  const [peak, tips, health] = await Promise.all([
    getPeakViewerCount(db, session.id),
    getSessionTips(db, session.id, RECENT_TIPS),
    provider === 'local'
      ? localStreamHealth(db, session.streamKeyId, session.id)
      : // The schema's one "media never pass through us" variant (the studio says so); a 'cloudflare'
        // variant of its own needs the studio's StreamHealth to read it first (web/).
        Promise.resolve({ provider: 'livepeer' as const }),
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
