import { ed25519 } from '@noble/curves/ed25519.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';

/** A software Ed25519 wallet that signs like an AIP-62 wallet's `signMessage`. */
export type TestWallet = {
  address: string;
  publicKey: string;
  /** The wallet's fullMessage for (message, nonce), and its signature, both as the API wants them. */
  signMessage: (message: string, nonce: string) => { fullMessage: string; signature: string };
  signRaw: (text: string) => string;
};

/** A wallet for `secretKey` (a fresh random one by default). */
export const makeWallet = (secretKey = ed25519.utils.randomSecretKey()): TestWallet => {
  const publicKey = ed25519.getPublicKey(secretKey);
  const address = `0x${bytesToHex(sha3_256(concatBytes(publicKey, new Uint8Array([0]))))}`;
  const signRaw = (text: string) =>
    `0x${bytesToHex(ed25519.sign(new TextEncoder().encode(text), secretKey))}`;
  return {
    address,
    publicKey: `0x${bytesToHex(publicKey)}`,
    signRaw,
    signMessage: (message, nonce) => {
      const fullMessage = `APTOS\nmessage: ${message}\nnonce: ${nonce}`;
      return { fullMessage, signature: signRaw(fullMessage) };
    },
  };
};
