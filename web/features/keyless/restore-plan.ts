import type { KeylessStore } from '../../../schema/auth';

type KeylessAccount = KeylessStore['accounts'][number];

/** What the restore flow does with what is stored (pure, so every case is unit-tested). */
export type RestorePlan =
  | { kind: 'skip'; reason: 'logged-out' | 'nothing-stored' | 'sign-in-pending' }
  | { kind: 'clear'; reason: 'no-ephemeral-key' | 'no-account' | 'ephemeral-key-expired' | 'token-expired' }
  | {
      kind: 'restore';
      account: KeylessAccount & { address: string };
      keyPair: NonNullable<KeylessStore['ephemeralKeyPair']>;
    };

/**
 * Accounts §4: restore only when an account and the ephemeral key both exist and Logout has not set
 * the flag; the stored token must be unexpired and the key too, otherwise the stored data is cleared.
 * An ephemeral key alone is a sign-in on its way through the provider, and is left alone.
 */
export const planRestore = (store: KeylessStore, nowSecs: number): RestorePlan => {
  if (store.loggedOut) return { kind: 'skip', reason: 'logged-out' };
  const { ephemeralKeyPair: keyPair } = store;
  if (store.accounts.length === 0) {
    return keyPair && keyPair.expiryDateSecs > nowSecs
      ? { kind: 'skip', reason: 'sign-in-pending' }
      : keyPair
        ? { kind: 'clear', reason: 'ephemeral-key-expired' }
        : { kind: 'skip', reason: 'nothing-stored' };
  }
  if (!keyPair) return { kind: 'clear', reason: 'no-ephemeral-key' };
  const account = store.accounts.find((stored) => stored.address === store.activeAccount);
  if (!account?.address) return { kind: 'clear', reason: 'no-account' };
  if (keyPair.expiryDateSecs <= nowSecs) return { kind: 'clear', reason: 'ephemeral-key-expired' };
  if (account.idToken.decoded.exp <= nowSecs) return { kind: 'clear', reason: 'token-expired' };
  return { kind: 'restore', account: { ...account, address: account.address }, keyPair };
};
