import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A demo creator's Ed25519 secret key, derived from the username: public by construction, so it
 * only ever signs on the local chain of a local state. It lets `npm start` sign in as a demo
 * creator and pay with APT through the real deposit and tip routes.
 */
export const demoSecretKey = (username: string): Uint8Array =>
  sha256(utf8ToBytes(`reel-demo-account:${username}`));

/** The Aptos address of that key: sha3-256(public key ‖ 0x00), as for any single Ed25519 account. */
export const demoAddress = (username: string): string =>
  `0x${bytesToHex(sha3_256(concatBytes(ed25519.getPublicKey(demoSecretKey(username)), new Uint8Array([0]))))}`;
