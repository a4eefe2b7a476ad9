import type { KeylessProof, KeylessSignInBody, SignInClaims } from '../../../schema/auth';
import { sha256Hex } from '../../lib/crypto';
import { badRequest, unauthorized } from '../../lib/errors';
import { CLOCK_SKEW_SECS } from '../../ports/adapters/identity-jwt';
import type { IdentityProvider } from '../../ports/identity';
import { ephemeralNonce, keylessAddress } from './keyless-crypto';
import { pepperFor } from './keyless-pepper';
import { recordNonceUse } from './keyless-queries';
import { consumeNonce } from './queries';
import { openSession } from './service';
import { nonceInFullMessage } from './sign-in-message';
import { verifyEd25519 } from './wallet-signature';

const refused = (message: string) => unauthorized(message);
const BLINDER_HEX = /^(0x)?[0-9a-fA-F]{62}$/;
const ED25519_KEY_HEX = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * Keyless sign-in (accounts §4, DESIGN.md §4): the identity provider vouches for the token, the pepper
 * service and the Aptos keyless derivation give the person's address, and a 'keyless' session opens
 * for it. A token is a one-time ticket: its nonce may open one session. Using it again (the restore
 * flow, once the cookie is gone) needs `proof` that the caller holds the ephemeral key the nonce
 * commits to. Answers the cookie token, the address and the pepper.
 */
export const signInWithKeyless = async (
  env: Env,
  provider: IdentityProvider,
  body: KeylessSignInBody,
  now: Date,
) => {
  const claims = await provider.verifyIdToken(body.idToken);
  const pepper = await pepperFor(env, claims, now);
  const address = await keylessAddress(claims, pepper);
  if (body.proof) {
    await checkEphemeralKeyProof(env.DB, body.proof, claims, address, now);
  } else {
    const firstUse = await recordNonceUse(
      env.DB,
      await sha256Hex(`${claims.iss}|${claims.nonce}`),
      new Date((claims.exp + CLOCK_SKEW_SECS) * 1000),
      now,
    );
    if (!firstUse) throw refused('This sign-in token was already used');
  }
  const token = await openSession(env.DB, address, 'keyless', now);
  return { token, address, pepper };
};

/**
 * The caller holds the token's ephemeral key: the key, expiry and blinder hash to the token's nonce,
 * the key is unexpired, and it signed a fresh single-use nonce issued for this keyless address.
 */
const checkEphemeralKeyProof = async (
  db: D1Database,
  proof: KeylessProof,
  claims: SignInClaims,
  address: string,
  now: Date,
) => {
  if (!ED25519_KEY_HEX.test(proof.ephemeralPublicKey)) {
    throw badRequest('proof.ephemeralPublicKey: An Ed25519 public key is 32 bytes');
  }
  if (!BLINDER_HEX.test(proof.blinder)) throw badRequest('proof.blinder: A blinder is 31 bytes');
  if (proof.expiryDateSecs * 1000 <= now.getTime()) throw refused('The ephemeral key has expired');
  const committed = await ephemeralNonce({
    ed25519PublicKey: proof.ephemeralPublicKey,
    expiryDateSecs: proof.expiryDateSecs,
    blinder: proof.blinder,
  });
  if (committed !== claims.nonce) throw refused('The ephemeral key does not match the sign-in token');
  const nonce = nonceInFullMessage(proof.fullMessage, address);
  if (!nonce) throw refused('The signed message is not a Reel sign-in request');
  if (!verifyEd25519(proof.ephemeralPublicKey, proof.signature, proof.fullMessage)) {
    throw refused('Invalid signature');
  }
  if (!(await consumeNonce(db, nonce, address, now))) {
    throw refused('This sign-in request has expired or was already used');
  }
};
