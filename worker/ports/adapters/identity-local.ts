import { createLocalJWKSet } from 'jose';
import { devJwks, devSigningKey } from '../../dev-oidc/signing-key';
import type { IdentityProvider } from '../identity';
import { verifyIdTokenWith } from './identity-jwt';

/** Path of the dev OIDC provider this worker serves (worker/dev-oidc/). */
export const DEV_OIDC_PATH = '/dev-oidc';

/**
 * The dev OIDC provider as the identity provider: its issuer is this worker's origin + /dev-oidc and
 * its keys are read straight from where the provider keeps them (no HTTP call to ourselves).
 */
export const localIdentity = (env: Env, origin: string): IdentityProvider => {
  const issuer = `${origin}${DEV_OIDC_PATH}`;
  const clientId = env.DEV_OIDC_CLIENT_ID;
  return {
    name: 'local',
    issuer,
    clientId,
    // Relative, so the browser stays on the origin it is on (Vite's dev server proxies /dev-oidc).
    authorizationEndpoint: `${DEV_OIDC_PATH}/authorize`,
    verifyIdToken: async (idToken) => {
      const keys = createLocalJWKSet(devJwks(await devSigningKey(env.DB, new Date())));
      return verifyIdTokenWith(idToken, keys, { issuer, audience: clientId });
    },
  };
};
