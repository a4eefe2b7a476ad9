/**
 * Ephemeral keys and keyless addresses through the Aptos ts-sdk. Only ever loaded with a dynamic
 * import (sign-in start, /callback, restore): the SDK must stay out of the home route's bundle.
 */
import { Ed25519PrivateKey, EphemeralKeyPair, Hex, KeylessPublicKey } from '@aptos-labs/ts-sdk';
import type { SignInClaims } from '../../../schema/auth';
import { LIMITS } from '../../../schema/constants';
import type { StoredEphemeralKeyPair } from '../../data/keyless-store';

const hex = (bytes: Uint8Array) => Hex.fromHexInput(bytes).toString();
const nowSecs = () => Math.floor(Date.now() / 1000);

/** A new ephemeral key pair, valid seven days (accounts §9), in the shape the keyless store keeps. */
export const createEphemeralKeyPair = (): StoredEphemeralKeyPair => {
  const privateKey = Ed25519PrivateKey.generate();
  const keyPair = new EphemeralKeyPair({
    privateKey,
    expiryDateSecs: nowSecs() + LIMITS.ephemeralKeyValiditySecs,
  });
  return {
    nonce: keyPair.nonce,
    expiryDateSecs: keyPair.expiryDateSecs,
    privateKey: hex(privateKey.toUint8Array()),
    blinder: hex(keyPair.blinder),
  };
};

/** True when a stored key pair can still be used for a token with `nonce` (exists, unexpired, matches). */
export const isUsableEphemeralKeyPair = (
  keyPair: StoredEphemeralKeyPair | null,
  nonce: string,
): keyPair is StoredEphemeralKeyPair =>
  keyPair !== null && keyPair.expiryDateSecs > nowSecs() && keyPair.nonce === nonce;

/**
 * Proof for `POST /api/auth/keyless` that we hold the stored ephemeral key: its public key, expiry
 * and blinder (they hash to the token's nonce) and its signature over `fullMessage`. The key pair is
 * rebuilt from storage, and a stored value whose nonce does not recompute is refused here.
 */
export const ephemeralKeyProof = (stored: StoredEphemeralKeyPair, fullMessage: string) => {
  const privateKey = new Ed25519PrivateKey(Hex.fromHexInput(stored.privateKey).toUint8Array());
  const keyPair = new EphemeralKeyPair({
    privateKey,
    expiryDateSecs: stored.expiryDateSecs,
    blinder: stored.blinder,
  });
  if (keyPair.nonce !== stored.nonce) throw new Error('The stored ephemeral key pair is damaged');
  return {
    ephemeralPublicKey: hex(privateKey.publicKey().toUint8Array()),
    expiryDateSecs: stored.expiryDateSecs,
    blinder: stored.blinder,
    fullMessage,
    signature: hex(privateKey.sign(new TextEncoder().encode(fullMessage)).toUint8Array()),
  };
};

/** The keyless account address of the token's person with this pepper (what the network uses). */
export const keylessAddressOf = (claims: SignInClaims, pepper: string): string =>
  KeylessPublicKey.create({ iss: claims.iss, aud: claims.aud, uidKey: 'sub', uidVal: claims.sub, pepper })
    .authKey()
    .derivedAddress()
    .toStringLong();
