import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../lib/app-env';
import { badRequest, notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { localIdentity } from '../ports/adapters/identity-local';
import { identityProviderName } from '../providers/identity';
import { demoPerson, idTokenClaims, isAllowedRedirect } from './demo-person';
import { authorizePage, authorizePageCsp } from './page';
import { DEV_OIDC_ALG, devJwks, devSigningKey, signDevIdToken } from './signing-key';

/** The authorization request of the OIDC implicit flow, as the app sends it (accounts §2 /callback). */
const AuthorizeQuerySchema = z.object({
  client_id: z.string().check(z.minLength(1), z.maxLength(200)),
  redirect_uri: z.string().check(z.minLength(1), z.maxLength(2000)),
  response_type: z.literal('id_token', 'response_type must be id_token'),
  scope: z.string().check(z.regex(/(^|\s)openid(\s|$)/, 'scope must include openid'), z.maxLength(200)),
  nonce: z.string().check(z.minLength(1), z.maxLength(256)),
  state: z.optional(z.string().check(z.maxLength(512))),
});
const AuthorizeFormSchema = z.extend(AuthorizeQuerySchema, {
  email: z.string().check(z.trim(), z.email('Enter an e-mail address'), z.maxLength(254)),
});

const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#7c5cff"/><circle cx="32" cy="25" r="11" fill="#fff"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#fff"/></svg>`;

/** Refuses a request no local provider would accept, before anything is shown or signed. */
const checkClient = (env: Env, requestUrl: string, request: { client_id: string; redirect_uri: string }) => {
  const provider = localIdentity(env, new URL(requestUrl).origin);
  if (request.client_id !== provider.clientId) throw badRequest('Unknown client_id');
  if (!isAllowedRedirect(request.redirect_uri, requestUrl)) {
    throw badRequest("redirect_uri must be this site's /callback");
  }
  return provider;
};

/**
 * A small OpenID provider for local runs and tests (DESIGN.md §4), served under /dev-oidc only while
 * `IDENTITY_PROVIDER` is local: discovery, JWKS, and an authorize page that signs in a demo person
 * and returns an RS256 id_token in the redirect's fragment (implicit flow).
 */
export const devOidcRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (identityProviderName(c.env) !== 'local') throw notFound();
    await next();
  })
  .get('/.well-known/openid-configuration', (c) => {
    const origin = new URL(c.req.url).origin;
    const { issuer } = localIdentity(c.env, origin);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['id_token'],
      response_modes_supported: ['fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [DEV_OIDC_ALG],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: [
        'iss',
        'aud',
        'sub',
        'iat',
        'exp',
        'nonce',
        'email',
        'email_verified',
        'name',
        'picture',
      ],
    });
  })
  .get('/jwks', async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(devJwks(await devSigningKey(c.env.DB, new Date())));
  })
  .get('/picture.svg', (c) => {
    c.header('Content-Type', 'image/svg+xml');
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(PICTURE);
  })
  .get('/authorize', validate('query', AuthorizeQuerySchema), async (c) => {
    const request = c.req.valid('query');
    checkClient(c.env, c.req.url, request);
    c.header('Content-Security-Policy', await authorizePageCsp());
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(authorizePage(request));
  })
  .post('/authorize', validate('form', AuthorizeFormSchema), async (c) => {
    const { email, ...request } = c.req.valid('form');
    const provider = checkClient(c.env, c.req.url, request);
    const now = new Date();
    const key = await devSigningKey(c.env.DB, now);
    const claims = idTokenClaims({
      issuer: provider.issuer,
      clientId: provider.clientId,
      nonce: request.nonce,
      person: await demoPerson(email, provider.issuer),
      nowSecs: Math.floor(now.getTime() / 1000),
    });
    const fragment = new URLSearchParams({ id_token: await signDevIdToken(key, claims) });
    if (request.state !== undefined) fragment.set('state', request.state);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${request.redirect_uri}#${fragment.toString()}`, 302);
  });
