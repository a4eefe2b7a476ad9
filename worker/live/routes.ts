import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';

/** The local stream ingest (`PUT /ingest/<secret key>/…`) and HLS playback (`/hls/<playbackId>/…`). */
export const liveRoutes = new Hono<AppEnv>();
