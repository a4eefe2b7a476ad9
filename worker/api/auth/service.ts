import { createSignInMessage, type SignInFields, type WalletSignInRequest } from '../../../schema/siwa';
import { randomHex, sha256Hex } from '../../lib/crypto';
import { badRequest, unauthorized } from '../../lib/errors';
import { SESSION_DAYS } from '../../lib/session';
import { consumeNonce, deleteExpiredNonces, insertNonce, insertSession } from './queries';
import { type SignInSite, signInFieldsFor, signInFieldsInFullMessage } from './sign-in-message';
import { signInRefusal } from './siwa-check';
import { addressOfEd25519Key, verifyEd25519, verifySiwaEd25519 } from './wallet-signature';

/** Within the 10 minutes a sign-in request may live; the message's Expiration Time says the same. */
const NONCE_TTL_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const refused = (message: string) => unauthorized(message);
const NOT_OURS = 'The signed message is not a Reel sign-in request';

/**
 * A single-use nonce for `address`, valid five minutes, and what the wallet will sign with it: the
 * SIWA fields for `site` (for `signIn`) and their text (for `signMessage`).
 */
export const issueNonce = async (db: D1Database, site: SignInSite, address: string, now: Date) => {
  const nonce = randomHex(16);
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.batch([deleteExpiredNonces(db, now), insertNonce(db, nonce, address, expiresAt)]);
  const signIn = signInFieldsFor(site, address, nonce, now, expiresAt);
  return { nonce, message: createSignInMessage(signIn), signIn };
};

/**
 * Proves the caller holds the key of `address` and opens a session: the public key must
 * authenticate the address; the signature must verify over SIWA fields (signed by `signIn`, or as
 * the message of a `signMessage` fullMessage) that name this site, its chain and that address, are
 * in date, and carry a nonce we issued to that address, unused. Answers the cookie token.
 */
export const signInWithWallet = async (
  db: D1Database,
  site: SignInSite,
  body: WalletSignInRequest,
  now: Date,
) => {
  let keyAddress: string;
  try {
    keyAddress = addressOfEd25519Key(body.publicKey);
  } catch {
    throw badRequest('publicKey: An Ed25519 public key is 32 bytes');
  }
  if (keyAddress !== body.address) throw refused('The public key does not belong to this address');
  const fields = signedFields(body, site);
  const refusal = signInRefusal(fields, site, body.address, now);
  if (refusal) throw refused(refusal);
  if (!(await consumeNonce(db, fields.nonce, body.address, now))) {
    throw refused('This sign-in request has expired or was already used');
  }
  return openSession(db, body.address, 'wallet', now);
};

/** The fields the body's signature covers, once the signature is checked; refuses anything else. */
const signedFields = (body: WalletSignInRequest, site: SignInSite): SignInFields => {
  if ('signIn' in body) {
    if (!verifySiwaEd25519(body.publicKey, body.signature, createSignInMessage(body.signIn))) {
      throw refused('Invalid signature');
    }
    return body.signIn;
  }
  const signed = signInFieldsInFullMessage(body.fullMessage);
  if (!signed) throw refused(NOT_OURS);
  if (!verifyEd25519(body.publicKey, body.signature, body.fullMessage)) throw refused('Invalid signature');
  // A wallet that adds the page it was asked from must have been asked from ours.
  if (signed.application !== undefined && signed.application !== site.origin) {
    throw refused('This sign-in request is for another site');
  }
  return signed.fields;
};

/** Opens a 30-day session for a proven address; the cookie carries the token, D1 only its hash. */
export const openSession = async (
  db: D1Database,
  address: string,
  method: 'wallet' | 'keyless',
  now: Date,
) => {
  const token = randomHex(32);
  const tokenHash = await sha256Hex(token);
  await insertSession(db, {
    tokenHash,
    address,
    method,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
    now,
  });
  return token;
};
