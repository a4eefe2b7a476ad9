import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';
// hls.js's ES build has no inline worker: its transmuxing worker is served from our own origin
// (DESIGN.md §9, no blob: scripts needed), emitted by Vite as a hashed asset.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

/**
 * Live-edge tuning for low latency on 2 s segments: start two segments behind the edge, speed up
 * (at most 1.25x) when more than four behind; the player's own loop retries a missing playlist,
 * so hls.js gives up on it after one quick retry.
 */
export const LIVE_HLS_CONFIG: Partial<HlsConfig> = {
  workerPath: hlsWorkerUrl,
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 4,
  maxLiveSyncPlaybackRate: 1.25,
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

/** hls.js (about 160 KB gzip) loads only where a stream plays: never in the home bundle. */
export async function loadHls(): Promise<typeof Hls> {
  return (await import('hls.js')).default;
}
