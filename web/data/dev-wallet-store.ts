/**
 * The dev wallet's key (web/features/wallet/dev-wallet.ts), in IndexedDB. Local chain builds only.
 *
 * | database        | object store | key    | value                                                    |
 * | --------------- | ------------ | ------ | -------------------------------------------------------- |
 * | reel-dev-wallet | keys         | key    | the Ed25519 private key, 32 bytes (Uint8Array)           |
 * | reel-dev-wallet | keys         | funded | true once the local faucet funded this key's account     |
 *
 * A throwaway key for the local chain: it never leaves this browser and guards no real funds.
 * Logout keeps it, as a browser wallet extension keeps its key across a site's logouts.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';

const KEY = 'key';
const FUNDED = 'funded';
const ED25519_KEY_BYTES = 32;

let store: UseStore | undefined;
// Opened on first use, so a visit that never connects the dev wallet never creates the database.
const keyStore = () => {
  store ??= createStore('reel-dev-wallet', 'keys');
  return store;
};

/** The dev wallet's saved private key, or undefined before its first use (or if it is malformed). */
export async function readDevWalletKey(): Promise<Uint8Array | undefined> {
  const value = await get<unknown>(KEY, keyStore());
  return value instanceof Uint8Array && value.length === ED25519_KEY_BYTES ? value : undefined;
}

/** Saves the dev wallet's private key (32 bytes); a new key's account is not funded yet. */
export async function writeDevWalletKey(privateKey: Uint8Array): Promise<void> {
  if (privateKey.length !== ED25519_KEY_BYTES) throw new Error('An Ed25519 private key is 32 bytes');
  await set(KEY, privateKey, keyStore());
  await set(FUNDED, false, keyStore());
}

/** Whether the local faucet already funded the saved key's account. */
export async function readDevWalletFunded(): Promise<boolean> {
  return (await get<unknown>(FUNDED, keyStore())) === true;
}

/** Remembers that the saved key's account was funded, so it is funded once. */
export async function markDevWalletFunded(): Promise<void> {
  await set(FUNDED, true, keyStore());
}
