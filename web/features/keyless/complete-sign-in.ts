import type { KeylessSession } from '../../../schema/auth';
import { MESSAGES } from '../../../schema/messages';
import { readKeylessStore, saveKeylessAccount } from '../../data/keyless-store';
import { decodeIdToken } from './decode-id-token';
import { isUsableEphemeralKeyPair, keylessAddressOf } from './ephemeral-key';
import { postKeylessSignIn, postLogout } from './keyless-api';

/**
 * The keyless login of accounts §4, for the id_token /callback received: the token must decode and
 * carry a nonce; the stored ephemeral key pair must exist, be unexpired and match that nonce; the
 * server verifies the token and opens the session; the account (token, pepper, address) is derived
 * and stored as the active one. A result that does not add up signs out again ("a failed proof
 * disconnects").
 */
export async function completeKeylessSignIn(rawToken: string): Promise<KeylessSession> {
  const decoded = decodeIdToken(rawToken);
  const { ephemeralKeyPair } = await readKeylessStore();
  if (!isUsableEphemeralKeyPair(ephemeralKeyPair, decoded.nonce)) {
    throw new Error(MESSAGES.login.noEphemeralKey);
  }
  const session = await postKeylessSignIn({ idToken: rawToken });
  const address = keylessAddressOf(decoded, session.pepper);
  if (address !== session.address) {
    await postLogout().catch(() => undefined);
    throw new Error('The keyless account could not be derived');
  }
  await saveKeylessAccount({ idToken: { decoded, raw: rawToken }, pepper: session.pepper, address });
  return session;
}
