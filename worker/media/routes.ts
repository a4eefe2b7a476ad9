import { Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { notFound } from '../lib/errors';
import { currentSession } from '../lib/session';
import { getMediaAccess } from './access';
import { serveR2Object } from './serve-object';

/**
 * Live segments (`live/<playbackId>/…`, worker/live/objects.ts) are played only through `/hls`,
 * which refuses a private stream; serving them here too would bypass that check.
 */
const LIVE_PREFIX = 'live/';

/** The decoded key, or null when its percent-encoding is malformed (`%E0%A4%A`). */
const decodeKey = (encoded: string): string | null => {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
};

/**
 * `/media/<key>`: R2 objects with conditional requests (ETag/304) and byte ranges (206), so video
 * elements can seek and browsers can revalidate cheaply (DESIGN.md §6). A key that cannot name an
 * object we serve is a 404, like a missing one; so is a private video's object to anyone but its
 * owner (access.ts), checked before the edge cache, which a video once public may still hold.
 */
export const mediaRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeKey(c.req.path.replace(/^\/media\//, ''));
  if (!key || key.includes('..') || key.startsWith(LIVE_PREFIX)) throw notFound('Media not found');
  const access = await getMediaAccess(c.env.DB, key);
  if (access.audience === 'everyone') return serveR2Object(c.env.MEDIA, key, c.req.raw);
  // Anyone else gets the answer of a missing key: a 403 would confirm that the URL names a private
  // video, which a link that leaked from when it was public (or a guess) should not learn.
  const callerId = (await currentSession(c))?.user?.id;
  if (!callerId || !access.ownerIds.includes(callerId)) throw notFound('Media not found');
  return serveR2Object(c.env.MEDIA, key, c.req.raw, { ownerOnly: true });
});
