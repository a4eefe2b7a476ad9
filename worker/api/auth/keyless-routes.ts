import { Hono } from 'hono';
import { type KeylessConfig, type KeylessSession, KeylessSignInBodySchema } from '../../../schema/auth';
import type { AppEnv } from '../../lib/app-env';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { setSessionCookie } from '../../lib/session';
import { getUserByAddress } from '../../lib/user-queries';
import { validate } from '../../lib/validate';
import { identityProvider } from '../../providers/identity';
import { signInWithKeyless } from './keyless-service';

const providerFor = (c: { env: Env; req: { url: string } }) =>
  identityProvider(c.env, new URL(c.req.url).origin);

/** Keyless (Google-style) sign-in: `GET /api/auth/keyless/config`, `POST /api/auth/keyless`. */
export const keylessRoutes = new Hono<AppEnv>()
  .get('/keyless/config', (c) => {
    const provider = providerFor(c);
    const data: KeylessConfig = {
      provider: provider.name,
      clientId: provider.clientId,
      authorizationEndpoint: provider.authorizationEndpoint,
    };
    return c.json({ data });
  })
  // Keyless sign-in shares the nonces' budget per IP: each one stores a session and a replay record.
  .post('/keyless', rateLimit('AUTH_LIMITER', byIp), validate('json', KeylessSignInBodySchema), async (c) => {
    const body = c.req.valid('json');
    const { token, address, pepper } = await signInWithKeyless(c.env, providerFor(c), body, new Date());
    setSessionCookie(c, token);
    const data: KeylessSession = {
      address,
      method: 'keyless',
      user: await getUserByAddress(c.env.DB, address),
      pepper,
    };
    return c.json({ data });
  });
