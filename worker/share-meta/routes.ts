import { type Context, Hono } from 'hono';
import type { AppEnv } from '../lib/app-env';
import { describeLive, describeProfile, describeVideo } from './describe';
import { genericMeta, type ShareMeta, withShareMeta } from './rewrite';

type Describe = (db: D1Database, name: string, url: URL) => Promise<ShareMeta | null>;

/**
 * The app's page with the preview meta of what it shows. Always the SPA's page with status 200, as
 * the assets fallback answers any other path: the worker cannot tell (without a session read) the
 * owner of a private video, who must get a working page, from anyone else; the SPA shows its own
 * 'not found' either way.
 */
const sharePage = async (c: Context<AppEnv>, describe: Describe | null, name = '') => {
  const url = new URL(c.req.url);
  url.search = '';
  url.hash = '';
  // A fresh request for the shell: no conditional headers, so never a 304 without a body to rewrite.
  const page = await c.env.ASSETS.fetch(new URL('/', url));
  if (!page.ok) return page;
  const meta = (describe && (await describe(c.env.DB, name, url))) ?? genericMeta(url.href);
  return withShareMeta(page, meta);
};

const video = (db: D1Database, id: string, url: URL) => describeVideo(db, id, 'video', url);
const short = (db: D1Database, id: string, url: URL) => describeVideo(db, id, 'short', url);

/** The pages below, for middleware that applies to them alone (worker/index.ts). */
export const SHARE_PAGES = ['/v/*', '/s/*', '/u/*', '/live/*'];

/**
 * Shared links' pages (issue 13.13): `/v/`, `/s/`, `/u/`, `/live/` reach the worker first
 * (wrangler.toml `run_worker_first`) so link-preview crawlers, which run no script and have no
 * service worker, read Open Graph and Twitter meta. Any deeper path under them gets the plain page.
 */
export const shareMetaRoutes = new Hono<AppEnv>()
  .get('/v/:videoId', (c) => sharePage(c, video, c.req.param('videoId')))
  .get('/s/:videoId', (c) => sharePage(c, short, c.req.param('videoId')))
  .get('/u/:username', (c) => sharePage(c, describeProfile, c.req.param('username')))
  .get('/live/:username', (c) => sharePage(c, describeLive, c.req.param('username')))
  .get('/v/*', (c) => sharePage(c, null))
  .get('/s/*', (c) => sharePage(c, null))
  .get('/u/*', (c) => sharePage(c, null))
  .get('/live/*', (c) => sharePage(c, null));
