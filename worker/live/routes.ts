import { Hono } from 'hono';
import { onlyWithLocalStream } from '../config/config';
import type { AppEnv } from '../lib/app-env';
import { notFound } from '../lib/errors';
import { currentSession } from '../lib/session';
import { PLAYLIST_NAME, playlistVariant } from './hls-playlist';
import { acknowledgeDelete, ingestFile } from './ingest';
import { livePlaylistResponse, livePosterResponse, liveSegmentResponse } from './playback';
import { POSTER_NAME } from './poster';
import { replayFileResponse } from './replays';

/**
 * The local stream ingest (`PUT /ingest/<secret key>/<file>`, what ffmpeg's HLS muxer sends with
 * `-method PUT`; POST is taken too, ffmpeg's default method) and HLS playback
 * (`/hls/<playbackId>/index.m3u8`, its variant playlists and segments) and replays
 * (`/hls/replay/<id>/...`). DESIGN.md §7; see worker/live/CONTEXT.md.
 */
export const liveRoutes = new Hono<AppEnv>()
  .use('/ingest/*', onlyWithLocalStream)
  .on(['PUT', 'POST'], '/ingest/:key/:file', async (c) => {
    const work = ingestFile(c.env, c.req.param('key'), c.req.param('file'), c.req.raw);
    // ffmpeg hangs up as soon as its body is sent, without reading our answer; a client that hangs
    // up cancels a Worker's request, so the work is also handed to waitUntil to finish regardless.
    c.executionCtx.waitUntil(work.catch(() => undefined));
    await work;
    return c.body(null, 201);
  })
  .delete('/ingest/:key/:file', async (c) => {
    await acknowledgeDelete(c.env, c.req.param('key'));
    return c.body(null, 204);
  })
  // A replay's viewer may be its owner (a deactivated key's replay plays for them only).
  .get('/hls/replay/:id/:file', async (c) => {
    const { id, file } = c.req.param();
    const viewerId = (await currentSession(c))?.user?.id ?? null;
    return replayFileResponse(c.env, id, file, viewerId, c.req.raw);
  })
  .get('/hls/:playbackId/:file', async (c) => {
    const { playbackId, file } = c.req.param();
    if (file === 'index.m3u8') return livePlaylistResponse(c.env, playbackId);
    if (PLAYLIST_NAME.test(file)) return livePlaylistResponse(c.env, playbackId, playlistVariant(file));
    if (file.endsWith('.ts')) return liveSegmentResponse(c.env, playbackId, file, c.req.raw);
    if (file === POSTER_NAME) return livePosterResponse(c.env, playbackId, c.req.raw);
    throw notFound();
  });
