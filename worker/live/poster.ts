import { sniffImageType } from '../api/files/image-type';
import { ApiError, notFound } from '../lib/errors';
import { readCappedBody } from '../lib/read-capped-body';
import { serveR2Object } from '../media/serve-object';
import { posterObjectKey } from './objects';

/*
 * A live stream's still frame (issue 20 §1): home's live cards show it as an image, so no video
 * library and no media segment is on the page's critical path. A Worker cannot decode H.264, so the
 * encoder sends it: the studio's ffmpeg command and the demo stream add an image2 output that
 * writes a 640 px JPEG every second to `/ingest/<secret>/poster.jpg` (ffmpeg's image2 opens a
 * new HTTP request per frame and POSTs it, whatever `-method` says).
 */

/** The file name an encoder sends its still frame as, and viewers read it by. */
export const POSTER_NAME = 'poster.jpg';

/** A 640 px JPEG of a video frame is 20-80 KB; anything much larger is not what we asked for. */
export const POSTER_MAX_BYTES = 512 * 1024;

/** How long browsers may keep a still: a card need not follow each of the encoder's, one a second. */
const POSTER_CACHE = 'public, max-age=5';

/** Stores an encoder's still frame over the previous one: at most 512 KB, and a JPEG by its bytes. */
export const storePoster = async (env: Env, playbackId: string, request: Request): Promise<void> => {
  const bytes = await readCappedBody(
    request,
    POSTER_MAX_BYTES,
    () => new ApiError(413, 'payload_too_large', `A still frame is at most ${POSTER_MAX_BYTES} bytes`),
  );
  if (sniffImageType(bytes)?.ext !== 'jpg')
    throw new ApiError(415, 'unsupported_media_type', 'A still frame must be a JPEG');
  await env.MEDIA.put(posterObjectKey(playbackId), bytes, { httpMetadata: { contentType: 'image/jpeg' } });
};

/**
 * `GET /hls/<playbackId>/poster.jpg` for a stream the caller may play (checked by the caller): the
 * newest still, cached 5 s. None sent yet is a 404, so a card keeps its avatar.
 */
export const posterResponse = async (env: Env, playbackId: string, request: Request): Promise<Response> => {
  let response: Response;
  try {
    response = await serveR2Object(env.MEDIA, posterObjectKey(playbackId), request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound('No still frame yet');
    throw error;
  }
  response.headers.set('Cache-Control', POSTER_CACHE);
  return response;
};
