import type { WalletSignInBody } from '../../../schema/auth';
import { randomHex, sha256Hex } from '../../lib/crypto';
import { ApiError, badRequest } from '../../lib/errors';
import { SESSION_DAYS } from '../../lib/session';
import { consumeNonce, deleteExpiredNonces, insertNonce, insertSession } from './queries';
import { nonceInFullMessage, signInMessage } from './sign-in-message';
import { addressOfEd25519Key, verifyEd25519 } from './wallet-signature';

const NONCE_TTL_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const refused = (message: string) => new ApiError(401, 'unauthorized', message);

/** A single-use nonce for `address`, valid five minutes, and the message the wallet will sign. */
export const issueNonce = async (db: D1Database, address: string, now: Date) => {
  const nonce = randomHex(16);
  await db.batch([
    deleteExpiredNonces(db, now),
    insertNonce(db, nonce, address, new Date(now.getTime() + NONCE_TTL_MS)),
  ]);
  return { nonce, message: signInMessage(address) };
};

/**
 * Proves the caller holds the key of `address` and opens a session: the public key must
 * authenticate the address, the signed text must be our sign-in message with a nonce we issued to
 * that address, unexpired and unused, and the Ed25519 signature must verify. Answers the cookie token.
 */
export const signInWithWallet = async (db: D1Database, body: WalletSignInBody, now: Date) => {
  let keyAddress: string;
  try {
    keyAddress = addressOfEd25519Key(body.publicKey);
  } catch {
    throw badRequest('publicKey: An Ed25519 public key is 32 bytes');
  }
  if (keyAddress !== body.address) throw refused('The public key does not belong to this address');
  const nonce = nonceInFullMessage(body.fullMessage, body.address);
  if (!nonce) throw refused('The signed message is not a Reel sign-in request');
  if (!verifyEd25519(body.publicKey, body.signature, body.fullMessage)) throw refused('Invalid signature');
  if (!(await consumeNonce(db, nonce, body.address, now))) {
    throw refused('This sign-in request has expired or was already used');
  }
  return openSession(db, body.address, 'wallet', now);
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
