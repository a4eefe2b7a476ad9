import { createRemoteJWKSet } from 'jose';
import { ApiError } from '../../lib/errors';
import type { IdentityProvider } from '../identity';
import { verifyIdTokenWith } from './identity-jwt';

/** The issuer Aptos keyless accepts for Google (it must be exactly this spelling). */
const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_JWKS_URL = new URL('https://www.googleapis.com/oauth2/v3/certs');
const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

// One key set per isolate: jose caches Google's keys and refetches on an unknown `kid` (key rotation).
const googleKeys = createRemoteJWKSet(GOOGLE_JWKS_URL);

/** Google as the identity provider: real tokens for client id `GOOGLE_CLIENT_ID`. Never called in tests. */
export const googleIdentity = (env: Env): IdentityProvider => {
  const clientId = env.GOOGLE_CLIENT_ID;
  return {
    name: 'google',
    issuer: GOOGLE_ISSUER,
    clientId,
    authorizationEndpoint: GOOGLE_AUTHORIZE_URL,
    verifyIdToken: (idToken) => {
      if (!clientId) {
        // A deployment error, not the caller's: said plainly instead of accepting any audience.
        throw new ApiError(500, 'internal', 'Google sign-in is not configured');
      }
      return verifyIdTokenWith(idToken, googleKeys, { issuer: GOOGLE_ISSUER, audience: clientId });
    },
  };
};
