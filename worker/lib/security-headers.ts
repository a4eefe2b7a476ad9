import type { MiddlewareHandler } from 'hono';

/**
 * What every answer of the worker carries unless its route set its own. The PWA's pages get their
 * policy from web/public/_headers, which the assets binding never applies to worker answers; these
 * are JSON, media, playlists and the local chain, never a page of ours, so the policy lets nothing
 * run or load and `sandbox` keeps even a mislabelled upload opened in a tab off our origin. The
 * dev sign-in page (dev-oidc/) sends its own CSP and keeps it.
 */
const WORKER_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
} as const;

/**
 * Adds the security headers of `WORKER_HEADERS` to every worker answer (errors and 404s included)
 * that does not already have them. WebSocket upgrades (101) are left as they are.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  for (const [name, value] of Object.entries(WORKER_HEADERS)) {
    if (!c.res.headers.has(name)) c.header(name, value);
  }
};
