import { ed25519 } from '@noble/curves/ed25519.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { SIWA_DOMAIN_SEPARATOR } from '../../../schema/siwa';

/** Aptos' authentication-key scheme byte for a single Ed25519 key. */
const ED25519_SCHEME = 0x00;

const bytesOf = (hex: string) => hexToBytes(hex.replace(/^0x/, ''));

/**
 * The account address an Ed25519 public key authenticates: SHA3-256(publicKey || 0x00), which is
 * the address of an account whose key was never rotated.
 */
export const addressOfEd25519Key = (publicKeyHex: string): string => {
  const publicKey = bytesOf(publicKeyHex);
  if (publicKey.length !== 32) throw new Error('An Ed25519 public key is 32 bytes');
  return `0x${bytesToHex(sha3_256(concatBytes(publicKey, new Uint8Array([ED25519_SCHEME]))))}`;
};

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Verifies an Ed25519 signature over `bytes`; malformed input is false. */
const verifyEd25519Bytes = (publicKeyHex: string, signatureHex: string, bytes: Uint8Array): boolean => {
  try {
    const publicKey = bytesOf(publicKeyHex);
    const signature = bytesOf(signatureHex);
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    return ed25519.verify(signature, bytes, publicKey);
  } catch {
    return false;
  }
};

/** Verifies an Ed25519 signature over the UTF-8 bytes of `message` (AIP-62 `signMessage`). */
export const verifyEd25519 = (publicKeyHex: string, signatureHex: string, message: string): boolean =>
  verifyEd25519Bytes(publicKeyHex, signatureHex, utf8(message));

/**
 * Verifies a Sign in with Aptos signature over the SIWA `text`: wallets sign
 * SHA3-256("SIGN_IN_WITH_APTOS::") followed by the text, so no other kind of signature can pass for one.
 */
export const verifySiwaEd25519 = (publicKeyHex: string, signatureHex: string, text: string): boolean =>
  verifyEd25519Bytes(
    publicKeyHex,
    signatureHex,
    concatBytes(sha3_256(utf8(SIWA_DOMAIN_SEPARATOR)), utf8(text)),
  );
