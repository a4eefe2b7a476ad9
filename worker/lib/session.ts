import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionUser } from '../../schema/user';
import type { AppEnv } from './app-env';
import { sha256Hex } from './crypto';
import { forbidden, unauthorized } from './errors';
import { getSessionWithUser } from './session-queries';

export const SESSION_COOKIE = 'reel_session';
export const SESSION_DAYS = 30;

/** A signed-in caller: the address they proved, how, and their profile once registered. */
export type SignedIn = {
  tokenHash: string;
  address: string;
  method: 'wallet' | 'keyless';
  user: SessionUser | null;
};

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

const lookUpSession = async (c: Context<AppEnv>): Promise<SignedIn | null> => {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const found = await getSessionWithUser(c.env.DB, tokenHash, new Date());
  return found && { tokenHash, ...found };
};

/** The caller's session, or null when the cookie is absent, unknown or expired. */
export const currentSession = (c: Context<AppEnv>): Promise<SignedIn | null> => {
  let session = c.get('session');
  if (!session) {
    session = lookUpSession(c);
    c.set('session', session);
  }
  return session;
};

/** The signed-in caller, or a 401. */
export const requireSession = async (c: Context<AppEnv>): Promise<SignedIn> => {
  const session = await currentSession(c);
  if (!session) throw unauthorized('Please log in to use this feature');
  return session;
};

/** The signed-in caller's profile, or a 401 (not signed in) / 403 (no profile yet). */
export const requireUser = async (c: Context<AppEnv>): Promise<SessionUser> => {
  const session = await requireSession(c);
  if (!session.user) throw forbidden('Complete registration first');
  return session.user;
};

/** Refuses a body id that is not the caller's own (DESIGN.md §4). */
export const assertSelf = (caller: Pick<SessionUser, 'id'>, claimedId: string) => {
  if (claimedId !== caller.id) throw forbidden('You can only act for your own account');
};

/** Middleware form of `requireSession`, placed before validation so a stranger learns nothing. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireSession(c);
  await next();
};
