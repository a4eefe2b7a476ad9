import { configFor } from '../config/config';
import { streamProviderFor } from '../providers/stream';
import { liveClock } from './clock';
import { isLiveAt } from './liveness';
import { getCurrentSession, getStatusSource } from './queries';

/** What `GET /sessions/status?key=` answers: never the secret key. */
export type LiveStatus = {
  /** Media is arriving now (local: a segment within 3 target durations; Livepeer: its isActive). */
  isLive: boolean;
  /** The key's current session (prepared or live), or null. */
  sessionId: string | null;
  /** The stream key's public id (the chat and status room name). */
  streamKeyId: string;
  playbackId: string;
  /** The key is activated (READY in the studio when not live). */
  isActive: boolean;
  /** When the current run's first segment arrived (local ingest, while live), ISO time. */
  liveSince: string | null;
  /** When the last segment arrived (local ingest), ISO time. */
  lastSegmentAt: string | null;
  /** The WHEP URL while a WebRTC publisher is on air (and the key is active), else null. */
  whepUrl: string | null;
};

const isoOrNull = (ms: number | null): string | null => (ms ? new Date(ms).toISOString() : null);

/**
 * A stream's live status by the key's public id or by its secret key (the owner's studio may ask
 * with either). Null when no key matches. With `STREAM_PROVIDER=livepeer`, liveness is Livepeer's
 * `isActive` (one API call); otherwise it is read from the local ingest's state in D1.
 */
export const streamStatus = async (env: Env, keyOrPublicId: string): Promise<LiveStatus | null> => {
  const source = await getStatusSource(env.DB, keyOrPublicId);
  if (!source) return null;
  // Local WHEP URLs are path-only, so no origin is needed here.
  const provider = streamProviderFor(env, '');
  const isLive =
    configFor(env).STREAM_PROVIDER === 'livepeer'
      ? await provider.isActive(source.ref)
      : isLiveAt(source.clock, liveClock.now());
  const whepUrl = source.isActive ? await provider.webrtcPlaybackUrl(source.ref) : null;
  const session = await getCurrentSession(env.DB, source.id);
  return {
    isLive,
    sessionId: session?.id ?? null,
    streamKeyId: source.id,
    playbackId: source.playbackId,
    isActive: source.isActive,
    liveSince: isLive ? isoOrNull(source.runStartedAt) : null,
    lastSegmentAt: isoOrNull(source.clock.lastSegmentAt || null),
    whepUrl,
  };
};
