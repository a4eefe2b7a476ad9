import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import type { AppEnv } from '../../worker/lib/app-env';
import { securityHeaders } from '../../worker/lib/security-headers';

const ORIGIN = 'http://reel.test';
// The product app behind the middleware, as worker/index.ts mounts it (DESIGN.md §9).
const guarded = new Hono<AppEnv>().use(securityHeaders).route('/', app);
const get = (path: string) => guarded.request(`${ORIGIN}${path}`, {}, env);

const expectLockedDown = (response: Response) => {
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('Content-Security-Policy')).toBe(
    "default-src 'none'; frame-ancestors 'none'; sandbox",
  );
};

describe('security headers on worker answers', () => {
  it('are on JSON answers of the API and the relayer, errors and unknown paths included', async () => {
    const health = await get('/api/health');
    expect(health.status).toBe(200);
    expectLockedDown(health);

    const unknownVideo = await get('/api/videos/does-not-exist');
    expect(unknownVideo.status).toBe(404);
    expectLockedDown(unknownVideo);

    const unknownPath = await get('/relayer/no-such-route');
    expect(unknownPath.status).toBe(404);
    expectLockedDown(unknownPath);
  });

  it('are on the local chain and media answers', async () => {
    const ledger = await get('/localnet/v1');
    expect(ledger.status).toBe(200);
    expectLockedDown(ledger);

    const missingMedia = await get('/media/nothing-here.mp4');
    expect(missingMedia.status).toBe(404);
    expectLockedDown(missingMedia);
  });

  it("keep the dev sign-in page's own policy, which lets its form post", async () => {
    const query = new URLSearchParams({
      client_id: env.DEV_OIDC_CLIENT_ID,
      redirect_uri: `${ORIGIN}/callback`,
      response_type: 'id_token',
      scope: 'openid',
      nonce: 'n-1',
    });
    const page = await get(`/dev-oidc/authorize?${query}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('sandbox');
    expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('leave an answer whose headers are immutable readable and complete', async () => {
    const redirecting = new Hono<AppEnv>()
      .use(securityHeaders)
      .get('/away', () => Response.redirect(`${ORIGIN}/elsewhere`, 302));
    const response = await redirecting.request(`${ORIGIN}/away`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/elsewhere`);
    expectLockedDown(response);
  });
});
