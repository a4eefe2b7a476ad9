/**
 * Live-edge tuning for low latency on 2 s segments: start two segments behind the edge, speed up
 * (at most 1.25x) when more than four behind. Apart from `load-hls.ts` (which imports the worker
 * file through Vite) so `scripts/bench/live-latency.ts` measures with exactly these settings.
 */
export const LIVE_EDGE_TUNING = {
  lowLatencyMode: true,
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 4,
  maxLiveSyncPlaybackRate: 1.25,
} as const;
