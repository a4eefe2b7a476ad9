import { env } from 'cloudflare:workers';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import { newCaller } from './session';

const ORIGIN = 'http://reel.test';
const CALLBACK = `${ORIGIN}/callback`;

const authorizeQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: env.DEV_OIDC_CLIENT_ID,
    redirect_uri: CALLBACK,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'nonce-1',
    state: 'state-1',
    ...overrides,
  });

/** Submits the provider's form the way the browser does; answers the response (a redirect). */
const submitAuthorize = (fields: Record<string, string> = {}) =>
  newCaller().fetch('/dev-oidc/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...Object.fromEntries(authorizeQuery()),
      email: 'demo@reel.local',
      ...fields,
    }),
    redirect: 'manual',
  });

const tokenFrom = (response: Response) => {
  const location = response.headers.get('Location') ?? '';
  return new URLSearchParams(location.split('#')[1]).get('id_token') ?? '';
};

describe('dev OIDC provider', () => {
  it('publishes its discovery document and a stable RS256 key set', async () => {
    const caller = newCaller();
    const discovery = await caller.json('/dev-oidc/.well-known/openid-configuration', 'GET');
    expect(discovery.body).toMatchObject({
      issuer: `${ORIGIN}/dev-oidc`,
      authorization_endpoint: `${ORIGIN}/dev-oidc/authorize`,
      jwks_uri: `${ORIGIN}/dev-oidc/jwks`,
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const first = await caller.json('/dev-oidc/jwks', 'GET');
    const second = await caller.json('/dev-oidc/jwks', 'GET');
    expect(first.body).toEqual(second.body);
    expect(first.body).toMatchObject({ keys: [{ kty: 'RSA', alg: 'RS256', use: 'sig' }] });
    expect(JSON.stringify(first.body)).not.toMatch(/"d"|"p"|"q"/);
  });

  it('shows a script-free sign-in form that escapes what the request carries', async () => {
    const hostile = '"><script>alert(1)</script>';
    const response = await newCaller().fetch(`/dev-oidc/authorize?${authorizeQuery({ state: hostile })}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Continue as Demo Person');
    expect(html).toContain('<form method="post" action="/dev-oidc/authorize">');
    expect(html).not.toContain('<script');
    expect(html).toContain('&#34;&#62;&#60;script&#62;');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe');
  });

  it('redirects to /callback with an RS256 id_token carrying the nonce and the claims', async () => {
    const response = await submitAuthorize();
    expect(response.status).toBe(302);
    const location = response.headers.get('Location') ?? '';
    expect(location.startsWith(`${CALLBACK}#id_token=`)).toBe(true);
    expect(new URLSearchParams(location.split('#')[1]).get('state')).toBe('state-1');

    const token = tokenFrom(response);
    const jwks = (await newCaller().json('/dev-oidc/jwks', 'GET')).body as { keys: { kid: string }[] };
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: `${ORIGIN}/dev-oidc`,
      aud: env.DEV_OIDC_CLIENT_ID,
      nonce: 'nonce-1',
      email: 'demo@reel.local',
      email_verified: true,
      name: 'Demo Person',
      picture: `${ORIGIN}/dev-oidc/picture.svg`,
    });
    expect(claims.sub).toMatch(/^\d{21}$/);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('signs the same e-mail address in as the same person, and another as someone else', async () => {
    const a = decodeJwt(tokenFrom(await submitAuthorize()));
    const b = decodeJwt(tokenFrom(await submitAuthorize({ nonce: 'nonce-2' })));
    const c = decodeJwt(tokenFrom(await submitAuthorize({ email: 'ada.lovelace@reel.local' })));
    expect(b.sub).toBe(a.sub);
    expect(c.sub).not.toBe(a.sub);
    expect(c.name).toBe('Ada Lovelace');
  });

  it.each([
    ['an unknown client', { client_id: 'someone-else' }, 'Unknown client_id'],
    [
      'another site',
      { redirect_uri: 'https://evil.example/callback' },
      "redirect_uri must be this site's /callback",
    ],
    ['another path', { redirect_uri: `${ORIGIN}/wallet` }, "redirect_uri must be this site's /callback"],
    ['the code flow', { response_type: 'code' }, 'response_type: response_type must be id_token'],
    ['no openid scope', { scope: 'email' }, 'scope: scope must include openid'],
    ['no nonce', { nonce: '' }, 'nonce'],
  ])('refuses %s with a 400 and signs nothing', async (_name, overrides, message) => {
    const page = await newCaller().json(`/dev-oidc/authorize?${authorizeQuery(overrides)}`, 'GET');
    expect(page.status).toBe(400);
    expect(JSON.stringify(page.body)).toContain(message);
    const post = await submitAuthorize(overrides);
    expect(post.status).toBe(400);
    expect(post.headers.get('Location')).toBeNull();
  });

  it('is not served when the identity provider is Google', async () => {
    const googleEnv = {
      ...env,
      IDENTITY_PROVIDER: 'google',
      GOOGLE_CLIENT_ID: 'g-id',
      KEYLESS_PEPPER_SECRET: 'p',
    };
    for (const path of ['/dev-oidc/.well-known/openid-configuration', '/dev-oidc/jwks']) {
      const response = await app.request(`${ORIGIN}${path}`, {}, googleEnv);
      expect(response.status).toBe(404);
    }
    const config = await app.request(`${ORIGIN}/api/auth/keyless/config`, {}, googleEnv);
    expect(await config.json()).toEqual({
      data: {
        provider: 'google',
        clientId: 'g-id',
        authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      },
    });
  });
});
