import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './app-env';
import { WRITE_METHODS } from './origin-check';
import { setSiteCookie } from './session';

/**
 * D1 read replication (issue 14.9). Reads anchored at a client's bookmark see everything that
 * client wrote; the cookie carries the bookmark of its last write (HttpOnly: no script needs it, and
 * it rides along with navigations and the service worker's background sends too).
 */
export const BOOKMARK_COOKIE = 'reel_d1_bookmark';
/** Replicas catch up in well under a second; after ten minutes any replica is past the bookmark. */
const BOOKMARK_SECONDS = 10 * 60;
/** What D1 hands out: four hex groups of fixed width, so bookmarks also sort in commit order. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * Reads that stay on the primary even as GETs: money (balances, history, deposits, tips), sign-in
 * (a nonce or a revoked session must never be read stale), upload progress (its parts are
 * confirmed by S3-style PUTs outside `/api`, which hand back no bookmark) and the health check,
 * which answers for the primary.
 */
const PRIMARY_READS = [
  /^\/api\/(auth|transactions|deposits|tips|health)(\/|$)/,
  /^\/api\/users\/address\/[^/]+\/balance$/,
  /^\/api\/videos\/uploads(\/|$)/,
  /^\/relayer\//,
];

/** Which D1 a request reads and writes: the primary itself, or a session anchored as D1 asks. */
const sessionConstraintFor = (
  method: string,
  path: string,
  bookmark: string | undefined,
): D1SessionConstraint | D1SessionBookmark | 'primary' => {
  if (WRITE_METHODS.includes(method)) return 'first-primary';
  if (PRIMARY_READS.some((pattern) => pattern.test(path))) return 'primary';
  return bookmark && BOOKMARK.test(bookmark) ? bookmark : 'first-unconstrained';
};

/** `db` with statements and batches sent through `session`; nothing in the worker uses the rest. */
const throughSession = (db: D1Database, session: D1DatabaseSession): D1Database => ({
  prepare: (query) => session.prepare(query),
  batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
  exec: (query) => db.exec(query),
  withSession: (constraint) => db.withSession(constraint),
  dump: () => db.dump(),
});

/**
 * Routes the request's D1 work (DESIGN.md §3): public reads go to any replica at least as fresh as
 * the caller's last write; writes start on the primary and hand the caller the new bookmark; money
 * and sign-in reads stay on the primary. With replication off (and locally) D1 serves every session
 * from the primary, so this changes nothing but the cookie.
 */
export const d1Sessions: MiddlewareHandler<AppEnv> = async (c, next) => {
  const constraint = sessionConstraintFor(c.req.method, c.req.path, getCookie(c, BOOKMARK_COOKIE));
  if (constraint === 'primary') return next();
  const session = c.env.DB.withSession(constraint);
  c.env = { ...c.env, DB: throughSession(c.env.DB, session) };
  await next();
  const bookmark = session.getBookmark();
  if (constraint === 'first-primary' && bookmark && c.res.ok) {
    setSiteCookie(c, BOOKMARK_COOKIE, bookmark, BOOKMARK_SECONDS);
  }
};
