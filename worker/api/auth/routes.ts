import { Hono } from 'hono';
import { NonceQuerySchema, type SessionInfo } from '../../../schema/auth';
import { WalletSignInRequestSchema } from '../../../schema/siwa';
import type { AppEnv } from '../../lib/app-env';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { clearSessionCookie, currentSession, setSessionCookie } from '../../lib/session';
import { getUserByAddress } from '../../lib/user-queries';
import { validate } from '../../lib/validate';
import { keylessRoutes } from './keyless-routes';
import { deleteSession } from './queries';
import { issueNonce, signInWithWallet } from './service';
import { signInSite } from './sign-in-message';

/** The host, origin and chain a sign-in must name: this request's, and this deployment's chain. */
const siteOf = (c: { env: Env; req: { url: string } }) => signInSite(c.req.url, c.env.APTOS_NETWORK);

export const authRoutes = new Hono<AppEnv>()
  .route('/', keylessRoutes)
  .get('/nonce', rateLimit('AUTH_LIMITER', byIp), validate('query', NonceQuerySchema), async (c) => {
    const { address } = c.req.valid('query');
    return c.json({ data: await issueNonce(c.env.DB, siteOf(c), address, new Date()) });
  })
  .post('/wallet', validate('json', WalletSignInRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const token = await signInWithWallet(c.env.DB, siteOf(c), body, new Date());
    setSessionCookie(c, token);
    const data: SessionInfo = {
      address: body.address,
      method: 'wallet',
      user: await getUserByAddress(c.env.DB, body.address),
    };
    return c.json({ data });
  })
  .get('/me', async (c) => {
    const session = await currentSession(c);
    // The session's own read skips the rank (every request makes it); the one answer that shows
    // the user whole reads them again, rank and email included.
    const data: SessionInfo | null = session
      ? {
          address: session.address,
          method: session.method,
          user: session.user && (await getUserByAddress(c.env.DB, session.address)),
        }
      : null;
    return c.json({ data });
  })
  .post('/logout', async (c) => {
    const session = await currentSession(c);
    if (session) await deleteSession(c.env.DB, session.tokenHash);
    clearSessionCookie(c);
    return c.json({ data: { signedOut: true } });
  });
