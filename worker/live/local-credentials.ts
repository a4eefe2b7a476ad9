import { randomHex } from '../lib/crypto';

/**
 * How the local ingest names a stream: shared by the local stream adapter and the demo seed (a
 * node script, which cannot import the adapter's D1/R2-typed modules).
 */

/**
 * The playback URL of a local stream. Path-only on purpose: it is stored in `stream_keys` and must
 * keep working whatever origin (dev port, preview host) serves the product.
 */
export const localPlaybackUrl = (playbackId: string): string => `/hls/${playbackId}/index.m3u8`;

/**
 * A local stream's still frame (worker/live/poster.ts), or null for a stream played elsewhere
 * (Livepeer: its playback info names a thumbnail per broadcast session, which only a call to its
 * API per stream could tell; home's card keeps the avatar there).
 */
export const localPosterUrl = (playbackId: string, playbackUrl: string): string | null =>
  playbackUrl === localPlaybackUrl(playbackId) ? `/hls/${playbackId}/poster.jpg` : null;

/** 32 random bytes as hex: long, URL-safe and unguessable (it is the only credential to broadcast). */
export const newSecretKey = (): string => randomHex(32);

/** Public, but random: it names the stream's objects in R2, which are readable under `/media`. */
export const newPlaybackId = (): string => randomHex(16);
