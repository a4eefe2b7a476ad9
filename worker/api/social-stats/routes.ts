import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { getUserByUsername } from '../../lib/user-queries';
import { socialStatsKeys } from '../../providers/social-stats';
import { socialStatsFor } from './service';

/** `GET /social-stats/{username}`: follower counts of the profile's twitch, twitter, tiktok and youtube. */
export const socialStatsRoutes = new Hono<AppEnv>().get('/:username', async (c) => {
  const user = await getUserByUsername(c.env.DB, c.req.param('username'));
  if (!user) throw notFound('User not found');
  // Bound to globalThis: the Workers runtime refuses a detached `fetch`.
  const data = await socialStatsFor(user.social, socialStatsKeys(c.env), (input, init) => fetch(input, init));
  c.header('cache-control', 'private, max-age=60');
  return c.json({ data });
});
