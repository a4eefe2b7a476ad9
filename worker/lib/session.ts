import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { SessionUser } from '../../schema/user';
import type { AppEnv, SignedIn } from './app-env';
import { sha256Hex } from './crypto';
import { forbidden, unauthorized } from './errors';
import { getSessionWithUser } from './session-queries';

export const SESSION_COOKIE = 'reel_session';
export const SESSION_DAYS = 30;

/*
 * What `signedIn` and `registered` hand the middleware and handler after them. Hono types a route's
 * handler with the variables of the middleware listed before it, and a chain's later routes with
 * those of `.use(mw)`; `.use(path, mw)` would type every later route, under the path or not, so the
 * identity middleware is mounted per route or by a path-less `.use` at the head of a sub-app.
 */
type SignedInEnv = AppEnv & { Variables: { session: SignedIn } };
type RegisteredEnv = AppEnv & { Variables: { user: SessionUser } };

const isLocalHost = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/**
 * Sets a cookie of ours for the whole site: HttpOnly, SameSite=Lax, and Secure everywhere but
 * plain-HTTP localhost (DESIGN.md §4).
 */
export const setSiteCookie = (c: Context<AppEnv>, name: string, value: string, maxAgeSeconds: number) =>
  setCookie(c, name, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocalHost(c.req.url),
    path: '/',
    maxAge: maxAgeSeconds,
  });

/** Sets the session cookie, good for `SESSION_DAYS`. */
export const setSessionCookie = (c: Context<AppEnv>, token: string) =>
  setSiteCookie(c, SESSION_COOKIE, token, SESSION_DAYS * 24 * 60 * 60);

export const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, SESSION_COOKIE, { path: '/' });

const lookUpSession = async <E extends AppEnv>(c: Context<E>): Promise<SignedIn | null> => {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const found = await getSessionWithUser(c.env.DB, tokenHash, new Date());
  return found && { tokenHash, ...found };
};

/**
 * The caller's session, or null when the cookie is absent, unknown or expired. Generic over the
 * route's env: a context with `signedIn`'s or `registered`'s variables is no `Context<AppEnv>`.
 */
export const currentSession = <E extends AppEnv>(c: Context<E>): Promise<SignedIn | null> => {
  let session = c.get('sessionLookup');
  if (!session) {
    session = lookUpSession(c);
    c.set('sessionLookup', session);
  }
  return session;
};

const logInFirst = () => unauthorized('Please log in to use this feature');

/**
 * The profile of a session's caller, or a 401 (no session) / 403 (no profile yet). `registered` is
 * this as middleware; a route calls it itself only where the check must come after its own (a
 * check of the body, or only when the body names a user).
 */
export const registeredUser = (session: SignedIn | null): SessionUser => {
  if (!session) throw logInFirst();
  if (!session.user) throw forbidden('Complete registration first');
  return session.user;
};

/** Refuses a body id that is not the caller's own (DESIGN.md §4). */
export const assertSelf = (caller: Pick<SessionUser, 'id'>, claimedId: string) => {
  if (claimedId !== caller.id) throw forbidden('You can only act for your own account');
};

/**
 * A 401 for a caller who is not signed in, else the session on `c.var.session`. Placed before
 * validation, so a stranger learns nothing.
 */
export const signedIn = createMiddleware<SignedInEnv>(async (c, next) => {
  const session = await currentSession(c);
  if (!session) throw logInFirst();
  c.set('session', session);
  await next();
});

/**
 * A 401 / 403 as `registeredUser`, else the caller's profile on `c.var.user`. Placed where the
 * route wants the 403: after validation where a bad body is to be a 400 first, before it where
 * even a signed-in caller without a profile is to learn nothing (uploads).
 */
export const registered = createMiddleware<RegisteredEnv>(async (c, next) => {
  c.set('user', registeredUser(await currentSession(c)));
  await next();
});
