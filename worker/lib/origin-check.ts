import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors';

/** Reads (GET, HEAD, OPTIONS) change nothing: only these methods are checked. */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** What a browser says of a request our own pages made, or the user typed. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).hostname;
  } catch {
    return null;
  }
};

/**
 * Whether a write naming `origin` comes from our own pages. Besides the request's own origin, a
 * loopback page may write to a loopback worker: `npm run dev` serves the PWA from Vite
 * (127.0.0.1:5173), whose proxy rewrites Host but forwards the browser's Origin. Deployed, the
 * worker's host is never loopback, so this admits nothing there.
 */
const isOwnOrigin = (origin: string, requestUrl: URL): boolean => {
  if (origin === requestUrl.origin) return true;
  const host = hostOf(origin);
  return host !== null && LOOPBACK_HOSTS.has(host) && LOOPBACK_HOSTS.has(requestUrl.hostname);
};

/**
 * Refuses a cross-site write (403; mount it for `WRITE_METHODS`): the session cookie is SameSite=Lax, which still lets another
 * site's top-level form POST reach body-less writes (logout, deactivate, regenerate, confirm,
 * stop). Browsers always send `Origin` on a cross-origin POST; without it, `Sec-Fetch-Site` must be
 * same-origin or none. A request with neither comes from a program (curl, a server, tests), not a
 * browser page, and carries no ambient credentials of a victim: it passes.
 * Hono's `csrf` is not used: it refuses requests without either header and only checks form-like
 * content types.
 */
export const refuseCrossSiteWrites: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('Origin');
  const fetchSite = c.req.header('Sec-Fetch-Site');
  const crossSite =
    origin !== undefined
      ? !isOwnOrigin(origin, new URL(c.req.url))
      : fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite);
  if (crossSite) throw forbidden('Cross-site request refused');
  await next();
};
