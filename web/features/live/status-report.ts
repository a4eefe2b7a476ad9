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
