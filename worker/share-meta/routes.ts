import { type Context, Hono } from 'hono';
import { type FirstScreen, withFirstScreen } from '../first-screen/inline';
import { preloadFiles, routePreloads, withModulePreloads } from '../first-screen/preloads';
import {
  homeScreen,
  liveScreen,
  profileScreen,
  type ReadApi,
  reelsScreen,
  videoScreen,
} from '../first-screen/screens';
import type { AppEnv } from '../lib/app-env';
import { describeLive, describeProfile, describeVideo } from './describe';
import { genericMeta, type ShareMeta, withShareMeta } from './rewrite';

type Describe = (db: D1Database, name: string, url: URL) => Promise<ShareMeta | null>;
/** A page's first screen (worker/first-screen/), drawn from the API answers `readApi` gives. */
type Screen = (readApi: ReadApi, name: string) => Promise<FirstScreen | null>;
/** How a page request reads the API: through the app, with this request's bindings. */
export type ApiReader = (c: Context<AppEnv>) => ReadApi;

/**
 * The app's page with the preview meta of what it shows. Always the SPA's page with status 200, as
 * the assets fallback answers any other path: the worker cannot tell (without a session read) the
 * owner of a private video, who must get a working page, from anyone else; the SPA shows its own
 * 'not found' either way.
 */
const sharePage = async (
  c: Context<AppEnv>,
  describe: Describe | null,
  firstScreen: (() => Promise<FirstScreen | null>) | null,
  name: string,
  chunks: readonly string[],
) => {
  const url = new URL(c.req.url);
  url.search = '';
  url.hash = '';
  // A fresh request for the shell: no conditional headers, so never a 304 without a body to rewrite.
  const page = await c.env.ASSETS.fetch(new URL('/', url));
  if (!page.ok) return page;
  const [meta, first, preloads] = await Promise.all([
    describe ? describe(c.env.DB, name, url) : null,
    // The first screen is a speed-up: a page without one still works, so a failure only drops it.
    firstScreen ? firstScreen().catch(() => null) : null,
    chunks.length > 0 ? routePreloads(c.env.ASSETS, url.origin) : {},
  ]);
  return withModulePreloads(
    withFirstScreen(withShareMeta(page, meta ?? genericMeta(url.href)), first),
    preloadFiles(preloads, chunks),
  );
};

/**
 * The code each page's route loads beyond the shell: its page chunk (web/routes/, by file name) and
 * its loader's reads (`route-queries`), preloaded from the page's HTML (first-screen/preloads.ts).
 * Home's page is in the shell.
 */
const PAGE_CHUNKS = {
  reels: ['reels-with-pet-panel', 'route-queries'],
  video: ['video-page', 'route-queries'],
  short: ['short-page', 'route-queries'],
  profile: ['profile-page', 'route-queries'],
  live: ['live-page', 'route-queries'],
} as const;

const video = (db: D1Database, id: string, url: URL) => describeVideo(db, id, 'video', url);
const short = (db: D1Database, id: string, url: URL) => describeVideo(db, id, 'short', url);

/** The pages below, for middleware that applies to them alone (worker/index.ts). */
export const SHARE_PAGES = ['/', '/reels', '/v/*', '/s/*', '/u/*', '/live/*'];

/**
 * Shared links' pages (issue 13.13): `/v/`, `/s/`, `/u/`, `/live/` reach the worker first
 * (wrangler.toml `run_worker_first`) so link-preview crawlers, which run no script and have no
 * service worker, read Open Graph and Twitter meta. Home, /reels, the watch, profile and live pages
 * also get their first screen (issue 20), read through `readerFor`. Any deeper path gets the plain page.
 */
export const shareMetaRoutes = (readerFor: ApiReader) => {
  /** The page of a path whose `param` names what it shows (none for home and /reels). */
  const page =
    (describe: Describe | null, screen: Screen | null, chunks: readonly string[], param?: string) =>
    (c: Context<AppEnv>) => {
      const name = (param && c.req.param(param)) || '';
      return sharePage(c, describe, screen && (() => screen(readerFor(c), name)), name, chunks);
    };
  return new Hono<AppEnv>()
    .get('/', page(null, homeScreen, []))
    .get('/reels', page(null, reelsScreen, PAGE_CHUNKS.reels))
    .get('/v/:videoId', page(video, videoScreen, PAGE_CHUNKS.video, 'videoId'))
    .get('/s/:videoId', page(short, null, PAGE_CHUNKS.short, 'videoId'))
    .get('/u/:username', page(describeProfile, profileScreen, PAGE_CHUNKS.profile, 'username'))
    .get('/live/:username', page(describeLive, liveScreen, PAGE_CHUNKS.live, 'username'))
    .get('/v/*', page(null, null, []))
    .get('/s/*', page(null, null, []))
    .get('/u/*', page(null, null, []))
    .get('/live/*', page(null, null, []));
};
