/**
 * Live-edge tuning for low latency on 1 s segments (issue 13.8), chosen by measuring candidates on
 * `npm run bench:live-latency`: start 1.5 target durations behind the edge (1.5 s
 * on our ingest; counts, not seconds, so a provider's 2 s segments get 3 s rather than a player
 * starved one segment from the edge), back off by 0.5 s after each stall (hls.js caps the total at
 * one target duration), and catch up at up to 1.5x when more than 4 behind. Plain HLS, not LL-HLS
 * (no parts), so no low-latency mode; the forward buffer is only ever the live window's few seconds.
 * Apart from `load-hls.ts` (which imports the worker file through Vite) so
 * `scripts/bench/live-latency.ts` measures with exactly these settings.
 */
export const LIVE_EDGE_TUNING = {
  lowLatencyMode: false,
  liveSyncDurationCount: 1.5,
  liveMaxLatencyDurationCount: 4,
  liveSyncOnStallIncrease: 0.5,
  maxLiveSyncPlaybackRate: 1.5,
  maxBufferLength: 6,
} as const;
