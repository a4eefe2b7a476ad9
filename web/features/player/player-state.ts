import { PLAYBACK_QUALITIES } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';

/**
 * What the live player is doing (live spec §2 Stream player): loading, ready, or one of the
 * in-player messages. `offline` keeps retrying and turns into `loading` when the stream begins.
 */
export type PlayerState =
  | 'loading'
  | 'ready'
  | 'offline'
  | 'private'
  | 'error'
  | 'unavailable'
  | 'init-failed';

/** The headline and detail an overlay shows for a state; null while the picture is (about to be) up. */
export function playerMessage(state: PlayerState): { title: string; detail?: string } | null {
  switch (state) {
    case 'loading':
    case 'ready':
      return null;
    case 'offline':
      return { title: MESSAGES.player.offline };
    case 'private':
      return { title: MESSAGES.player.private };
    case 'error':
      return { title: MESSAGES.player.streamError, detail: MESSAGES.player.unableToLoad };
    case 'unavailable':
      return { title: MESSAGES.player.playbackUnavailable };
    case 'init-failed':
      return { title: MESSAGES.player.initFailed };
  }
}

/** The fields of an hls.js error event the player decides on (hls.js `ErrorData`). */
export type HlsErrorInfo = { type: string; fatal: boolean; responseCode?: number };

/** What to do about a fatal hls.js error. */
export type HlsErrorAction = 'private' | 'offline' | 'recover-media' | 'error';

/**
 * Sorts a fatal hls.js error: a refusal (401/403) means the stream is private; any other network
 * failure (404 before the first segment, the encoder gone, a dropped connection) means offline,
 * which the player retries; a media error gets hls.js's own recovery; the rest is a stream error.
 */
export function classifyHlsError(error: HlsErrorInfo): HlsErrorAction {
  if (error.responseCode === 401 || error.responseCode === 403) return 'private';
  if (error.type === 'networkError') return 'offline';
  if (error.type === 'mediaError') return 'recover-media';
  return 'error';
}

export type Quality = (typeof PLAYBACK_QUALITIES)[number];
/** A quality menu entry: 'auto' lets hls.js choose (level -1), the others pin one level. */
export type QualityOption = { label: Quality; level: number };

const FIXED_QUALITIES = PLAYBACK_QUALITIES.filter((quality) => quality !== 'auto');
const heightOf = (quality: Quality) => Number.parseInt(quality, 10);

/**
 * The quality menu for the levels a playlist offers: 'auto' always, then each of 1080p, 720p,
 * 480p and 360p that some level has (within 10% of its height; the highest such level wins).
 * A single-level playlist (the local ingest publishes one) offers only 'auto'.
 */
export function qualityOptions(levels: readonly { height?: number }[]): QualityOption[] {
  const options: QualityOption[] = [{ label: 'auto', level: -1 }];
  if (levels.length < 2) return options;
  for (const quality of FIXED_QUALITIES) {
    const target = heightOf(quality);
    let match = -1;
    levels.forEach((level, index) => {
      const height = level.height ?? 0;
      if (Math.abs(height - target) <= target * 0.1) match = index;
    });
    if (match >= 0) options.push({ label: quality, level: match });
  }
  return options;
}
