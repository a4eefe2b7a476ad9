import { GO_LIVE_MESSAGES } from '../../../../schema/messages/go-live';
import { ApiRequestError } from '../../../lib/api';

/** Where a device broadcast is. */
export type BroadcastState = 'idle' | 'starting' | 'live' | 'reconnecting' | 'ending' | 'failed';

/** One `outbound-rtp` reading of getStats: bytes sent so far at a time (ms). */
export type SendSample = { bytesSent: number; timestamp: number };

/** Kbit/s sent between two readings; null for the first or a reading that went back (a new connection). */
export function bitrateKbps(previous: SendSample | null, next: SendSample): number | null {
  if (!previous) return null;
  const ms = next.timestamp - previous.timestamp;
  const bytes = next.bytesSent - previous.bytesSent;
  if (ms <= 0 || bytes < 0) return null;
  return Math.round((bytes * 8) / ms);
}

/** Sums the video and audio `outbound-rtp` entries of a stats report into one reading. */
export function sendSample(
  stats: Iterable<{ type: string; bytesSent?: number; timestamp: number }>,
): SendSample | null {
  let bytesSent = 0;
  let timestamp = 0;
  let found = false;
  for (const entry of stats) {
    if (entry.type !== 'outbound-rtp') continue;
    found = true;
    bytesSent += entry.bytesSent ?? 0;
    timestamp = Math.max(timestamp, entry.timestamp);
  }
  return found ? { bytesSent, timestamp } : null;
}

/** How the connection indicator reads a peer-connection state. */
export type ConnectionQuality = 'good' | 'weak' | 'lost';

/**
 * Good while connected and sending at least a third of the quality's bitrate, weak below that
 * (the encoder backs off on a poor uplink), lost when the connection is not up.
 */
export function connectionQuality(
  state: RTCPeerConnectionState,
  kbps: number | null,
  targetKbps: number,
): ConnectionQuality {
  if (state !== 'connected') return state === 'new' || state === 'connecting' ? 'weak' : 'lost';
  if (kbps === null) return 'good';
  return kbps * 3 >= targetKbps ? 'good' : 'weak';
}

/**
 * Losing the network resumes the broadcast (issue 25 §2; web/features/live/CONTEXT.md): a
 * 'disconnected' connection is given `DISCONNECTED_GRACE_MS` to come back by itself (the browser
 * restores it when it can; a busy phone drops to 'disconnected' for a few seconds, and every
 * publish again starts a new HLS run), then it, or a 'failed' one, is published again as soon as the device is
 * online, over and over, until `RESUME_WINDOW_MS` after the loss: the server keeps the same session
 * and replay for a broadcast back within a minute (worker/live RESUME_SAME_RUN_MS).
 */
export const RESUME_WINDOW_MS = 60_000;
export const DISCONNECTED_GRACE_MS = 10_000;
/** Between two looks at a lost connection (and two attempts to publish again). */
export const RESUME_RETRY_MS = 2_000;

export type ResumeStep = 'ok' | 'wait' | 'republish' | 'give-up';

export function resumeStep(state: RTCPeerConnectionState, lostForMs: number, online: boolean): ResumeStep {
  if (state === 'connected' || state === 'new' || state === 'connecting') return 'ok';
  if (lostForMs >= RESUME_WINDOW_MS) return 'give-up';
  const broken = state === 'failed' || state === 'closed' || lostForMs >= DISCONNECTED_GRACE_MS;
  return broken && online ? 'republish' : 'wait';
}

/** Whether a failed publish is worth another try while resuming: the network or a stale publisher (409). */
export function retriable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 409 || error.status >= 500;
}

/** What the creator is told about a refused or failed publish. */
export function publishErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return GO_LIVE_MESSAGES.keyRefused;
    if (error.status === 403) return error.message || GO_LIVE_MESSAGES.keyInactive;
    if (error.status === 409) return GO_LIVE_MESSAGES.busy;
    return error.message;
  }
  return GO_LIVE_MESSAGES.publishFailed;
}

/** What the creator is told when the camera, microphone or screen could not be opened. */
export function mediaErrorMessage(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === 'NotAllowedError' || error.name === 'SecurityError')
      return GO_LIVE_MESSAGES.noMediaPermission;
    if (error.name === 'NotFoundError' || error.name === 'OverconstrainedError')
      return GO_LIVE_MESSAGES.noDevice;
  }
  return GO_LIVE_MESSAGES.mediaFailed;
}
