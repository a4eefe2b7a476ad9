import { bytesToHex } from '@noble/hashes/utils.js';

/** `bytes` random bytes as lowercase hex (128+ bits for anything that must not be guessed). */
export const randomHex = (bytes: number): string => bytesToHex(crypto.getRandomValues(new Uint8Array(bytes)));

/** SHA-256 of a UTF-8 string, as lowercase hex. */
export const sha256Hex = async (text: string): Promise<string> =>
  bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
