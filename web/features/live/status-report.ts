import type { SessionStatusReport } from '../../../schema/live';
import type { StreamSession } from '../../../schema/live-session';
import type { LiveStatus } from './use-stream-status';

/**
 * Whether the room's report says the session a page shows is out of date. The room names a session
 * only while its media arrives (worker/live/ingest.ts); off air it names none, which says nothing
 * about a session prepared for later: only a page that still shows a live one is behind then.
 */
export function reportDisagrees(status: LiveStatus, shown: StreamSession | null): boolean {
  if (status.sessionId !== null) return status.sessionId !== (shown?.id ?? null);
  return shown?.status === 'live';
}

/**
 * Whether the room's report says something the server's last status read did not: media came or
 * went, or another session is on air. The read names the key's current session even off air (a
 * prepared one), the room only while media arrives, so a room that names none disagrees only
 * about whether media arrives.
 */
export function reportDiffersFromRead(status: LiveStatus, read: SessionStatusReport): boolean {
  if (status.isLive === null) return false;
  if (status.isLive !== read.isLive) return true;
  return status.sessionId !== null && status.sessionId !== read.sessionId;
}
