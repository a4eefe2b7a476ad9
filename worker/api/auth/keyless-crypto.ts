import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * Keyless arithmetic: the pepper, the account address and the ephemeral key's nonce. Address and nonce
 * go through the Aptos ts-sdk so the numbers are the ones the real network uses; the SDK is loaded on
 * first use only (dynamic import), so routes that never need it stay light.
 */

/** Aptos keyless peppers are 31 bytes (they must fit a BN254 field element). */
export const PEPPER_BYTES = 31;

/** The pepper of a person: HMAC-SHA256(key, "iss|aud|sub"), first 31 bytes, as 0x-prefixed hex. */
export const derivePepper = async (
  key: Uint8Array,
  claims: { iss: string; aud: string; sub: string },
): Promise<string> => {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const input = new TextEncoder().encode(`${claims.iss}|${claims.aud}|${claims.sub}`);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, input));
  return `0x${bytesToHex(mac.slice(0, PEPPER_BYTES))}`;
};

const sdk = () => import('@aptos-labs/ts-sdk');

/**
 * The keyless account address of a person: KeylessPublicKey(iss, idCommitment(aud, uidKey 'sub',
 * uidVal sub, pepper)) -> single-key authentication key -> address, in its long 0x+64 form.
 */
export const keylessAddress = async (
  claims: { iss: string; aud: string; sub: string },
  pepper: string,
): Promise<string> => {
  const { KeylessPublicKey } = await sdk();
  const publicKey = KeylessPublicKey.create({
    iss: claims.iss,
    aud: claims.aud,
    uidKey: 'sub',
    uidVal: claims.sub,
    pepper,
  });
  return publicKey.authKey().derivedAddress().toStringLong();
};

/**
 * The OIDC nonce an ephemeral key pair commits to: Poseidon(packed BCS of the ephemeral public key,
 * expiry, blinder), in decimal, exactly as `EphemeralKeyPair` computes it. A token carrying this
 * nonce was issued for that key.
 */
export const ephemeralNonce = async (args: {
  ed25519PublicKey: string;
  expiryDateSecs: number;
  blinder: string;
}): Promise<string> => {
  const { bytesToBigIntLE, Ed25519PublicKey, EphemeralPublicKey, Hex, padAndPackBytesWithLen, poseidonHash } =
    await sdk();
  const publicKey = new EphemeralPublicKey(new Ed25519PublicKey(args.ed25519PublicKey));
  const fields = padAndPackBytesWithLen(publicKey.bcsToBytes(), 93);
  fields.push(BigInt(args.expiryDateSecs));
  fields.push(bytesToBigIntLE(Hex.fromHexInput(args.blinder).toUint8Array()));
  return poseidonHash(fields).toString();
};
