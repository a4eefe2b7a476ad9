import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
// hls.js's ES build has no inline worker: its transmuxing worker is served from our own origin
// (DESIGN.md §9, no blob: scripts needed), emitted by Vite as a hashed asset.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { LIVE_EDGE_TUNING } from './live-edge-tuning';

/**
 * The player's hls.js settings: the live-edge tuning, our own worker file, one quick retry of a
 * missing playlist (the player's own loop retries it while the stream is offline), and a live
 * playlist's duration as Infinity (issue 20 §5: by default hls.js gives the media element the
 * window's finite length, so a live stream looked like a growing recording with a seek bar; a
 * replay's ENDLIST playlist keeps its real duration).
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  workerPath: hlsWorkerUrl,
  ...LIVE_EDGE_TUNING,
  liveDurationInfinity: true,
  backBufferLength: 30,
  manifestLoadPolicy: {
    default: {
      maxTimeToFirstByteMs: 10_000,
      maxLoadTimeMs: 15_000,
      timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: { maxNumRetry: 1, retryDelayMs: 500, maxRetryDelayMs: 1000 },
    },
  },
};

/**
 * hls.js loads only where a stream plays, never in the home bundle, and as its light build (about
 * 112 KB gzip instead of 175): our streams (live and replays) carry no subtitles, alternate audio
 * or DRM, which are what the light build leaves out, and captions are drawn from the video's own
 * text tracks (player-captions.tsx). A phone then parses and runs a third less before it plays.
 */
export async function loadHls(): Promise<typeof Hls> {
  return (await import('hls.js/light')).default;
}
