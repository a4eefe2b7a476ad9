import { saveEphemeralKeyPair } from '../../data/keyless-store';
import { createEphemeralKeyPair } from './ephemeral-key';
import { getKeylessConfig } from './keyless-api';

/** The OIDC implicit-flow request for the provider: the token comes back in /callback's fragment. */
export const authorizeUrl = (
  config: { clientId: string; authorizationEndpoint: string },
  origin: string,
  nonce: string,
) => {
  const url = new URL(config.authorizationEndpoint, origin);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: `${origin}/callback`,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce,
  }).toString();
  return url.toString();
};

/**
 * Starts a keyless sign-in: makes and stores an ephemeral key pair, then leaves for the provider's
 * authorize page with the key pair's nonce, so the token that comes back is bound to this browser.
 */
export async function beginKeylessSignIn(): Promise<void> {
  const config = await getKeylessConfig();
  if (!config.clientId) throw new Error('Keyless sign-in is not available');
  const keyPair = createEphemeralKeyPair();
  await saveEphemeralKeyPair(keyPair);
  window.location.assign(authorizeUrl(config, window.location.origin, keyPair.nonce));
}
