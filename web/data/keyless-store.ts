/**
 * The keyless session store (accounts §3, store version 1), in IndexedDB.
 *
 * | database     | object store | key   | value                                                        |
 * | ------------ | ------------ | ----- | ------------------------------------------------------------ |
 * | reel-keyless | keyless      | store | `KeylessStore`: keyless accounts (id_token {decoded, raw},   |
 * |              |              |       | pepper, address), the active account's address, the          |
 * |              |              |       | ephemeral key pair (private key, blinder, expiry, nonce) and |
 * |              |              |       | the logged-out flag                                          |
 *
 * The session itself is the HttpOnly cookie; this store only lets the app re-establish it (restore)
 * and stop doing so after Logout. Every change is one read-modify-write transaction (`update`).
 */
import { createStore, get, update } from 'idb-keyval';
import { type KeylessStore, KeylessStoreSchema } from '../../schema/auth';
import { LIMITS } from '../../schema/constants';

type KeylessAccountRecord = KeylessStore['accounts'][number];
export type StoredEphemeralKeyPair = NonNullable<KeylessStore['ephemeralKeyPair']>;

const STORE_KEY = 'store';
let idbStore: ReturnType<typeof createStore> | undefined;
// Opened on first use, so importing this module costs nothing at start.
const keylessIdb = () => {
  idbStore ??= createStore('reel-keyless', 'keyless');
  return idbStore;
};

const emptyStore = (): KeylessStore => ({
  version: LIMITS.keylessStoreVersion,
  accounts: [],
  activeAccount: null,
  ephemeralKeyPair: null,
  loggedOut: false,
});

/** A stored value in any other shape or version is treated as empty. */
const parse = (value: unknown): KeylessStore => {
  const parsed = KeylessStoreSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyStore();
};

const change = (edit: (store: KeylessStore) => KeylessStore) =>
  update(STORE_KEY, (value) => edit(parse(value)), keylessIdb());

/** The whole keyless store (empty when nothing was stored yet). */
export const readKeylessStore = async (): Promise<KeylessStore> => parse(await get(STORE_KEY, keylessIdb()));

/** Keeps the ephemeral key pair of a sign-in that is about to start (one at a time). */
export const saveEphemeralKeyPair = (keyPair: StoredEphemeralKeyPair) =>
  change((store) => ({ ...store, ephemeralKeyPair: keyPair }));

/**
 * Keeps a signed-in keyless account (replacing an earlier one of the same address), makes it the
 * active one and clears the logged-out flag.
 */
export const saveKeylessAccount = (account: KeylessAccountRecord & { address: string }) =>
  change((store) => ({
    ...store,
    accounts: [...store.accounts.filter((other) => other.address !== account.address), account],
    activeAccount: account.address,
    loggedOut: false,
  }));

/** Forgets the accounts and the ephemeral key pair (the logged-out flag stays as it is). */
export const clearKeylessAccounts = () =>
  change((store) => ({ ...emptyStore(), loggedOut: store.loggedOut }));

/**
 * Sets or clears the logged-out flag. Logout calls `setKeylessLoggedOut(true)` so the next visit does
 * not restore the keyless session; a successful keyless sign-in clears it.
 */
export const setKeylessLoggedOut = (loggedOut: boolean) => change((store) => ({ ...store, loggedOut }));
