import { bytesToHex } from '@noble/hashes/utils.js';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { SessionUser } from '../../../schema/user';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors';
import { readCappedBody } from '../../lib/read-capped-body';
import { swapCaptionsKey } from './captions-queries';
import { getVideoById } from './queries';
import { getVisibleStoredVideo } from './service';

/** A WebVTT file for a video of an hour or two is tens of KB; this bounds what one call stores. */
export const CAPTIONS_MAX_BYTES = 256 * 1024;

/** The WebVTT signature: an optional BOM, "WEBVTT", then a space, tab, line break or the end. */
const WEBVTT_SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/;

const tooLarge = () => new ApiError(413, 'payload_too_large', 'Captions file is larger than 256 KB');
const notWebVtt = () => badRequest('Captions must be a WebVTT file: its first line must be "WEBVTT"');

/** The caller's own long video, or 404 (unknown, a short, someone else's private one) / 403. */
const ownVideo = async (env: Env, caller: SessionUser, id: string) => {
  const video = await getVisibleStoredVideo(env.DB, id, caller.id, 'video');
  if (video.userId !== caller.id) {
    throw forbidden('You can only change captions of your own videos');
  }
  return video;
};

/** Reads and checks a WebVTT body: at most 256 KB (413), UTF-8 text starting with "WEBVTT" (400). */
const readWebVtt = async (request: Request): Promise<Uint8Array> => {
  const bytes = await readCappedBody(request, CAPTIONS_MAX_BYTES, tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw notWebVtt();
  }
  if (!WEBVTT_SIGNATURE.test(text)) throw notWebVtt();
  return bytes;
};

/** The video as everyone now sees it. */
const readBack = async (db: D1Database, id: string): Promise<Video> => {
  const video = await getVideoById(db, id, 'video');
  if (!video) throw notFound(MESSAGES.video.notFound);
  return video;
};

/**
 * Stores the owner's WebVTT file in R2 as `captions/<videoId>-<sha256>.vtt` (content-addressed,
 * so browsers may keep it for good: new bytes get a new key), points the video at it and then
 * deletes the file it replaced. R2 is written first and freed last, so the row never names a
 * missing object; a video deleted meanwhile takes the new object back out.
 */
export const putCaptions = async (
  env: Env,
  caller: SessionUser,
  id: string,
  request: Request,
): Promise<Video> => {
  const video = await ownVideo(env, caller, id);
  const bytes = await readWebVtt(request);
  const hash = bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  const key = `captions/${video.id}-${hash}.vtt`;
  await env.MEDIA.put(key, bytes, {
    sha256: hash,
    httpMetadata: { contentType: 'text/vtt; charset=utf-8' },
  });
  const swapped = await swapCaptionsKey(env.DB, video.id, caller.id, key);
  if (!swapped) {
    await env.MEDIA.delete(key);
    throw notFound(MESSAGES.video.notFound);
  }
  if (swapped.replaced && swapped.replaced !== key) await env.MEDIA.delete(swapped.replaced);
  return readBack(env.DB, video.id);
};

/** Removes the owner's captions: the video names none, then the file leaves R2. */
export const deleteCaptions = async (env: Env, caller: SessionUser, id: string): Promise<Video> => {
  const video = await ownVideo(env, caller, id);
  const swapped = await swapCaptionsKey(env.DB, video.id, caller.id, null);
  if (!swapped) throw notFound(MESSAGES.video.notFound);
  if (swapped.replaced) await env.MEDIA.delete(swapped.replaced);
  return readBack(env.DB, video.id);
};
