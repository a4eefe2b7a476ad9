import type { WalletCore } from '@aptos-labs/wallet-adapter-react';
import { MESSAGES } from '../../../schema/messages';
import { loadedWalletAdapter, loadWalletAdapter } from '../wallet/wallet-adapter';
import { PaymentError } from './payment-error';

/** Where the wallet adapter remembers the last wallet it connected (its own localStorage key). */
const ADAPTER_WALLET_KEY = 'AptosWalletName';

/** The name of the wallet this browser signed in with (e.g. 'Petra', 'Reel Dev Wallet'), if known. */
export function signedInWalletName(): string | null {
  const adapter = loadedWalletAdapter();
  if (adapter?.isConnected() && adapter.wallet) return adapter.wallet.name;
  try {
    return localStorage.getItem(ADAPTER_WALLET_KEY);
  } catch {
    return null;
  }
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The adapter, connected to the wallet holding `address` (the signed-in account). After a reload
 * the adapter is not connected yet: it reconnects the wallet the user signed in with, which a
 * wallet that already approved this site does without asking. Throws a `PaymentError` with the
 * spec's text: no such wallet ('Aptos wallet not found'), another account in it ('Please connect
 * your wallet first'), or no signing ('Your wallet does not support programmatic transaction signing.').
 */
export async function walletFor(address: string): Promise<WalletCore> {
  const adapter = await loadWalletAdapter();
  if (!adapter.isConnected()) {
    const name = signedInWalletName();
    if (!name || !adapter.wallets.some((wallet) => wallet.name === name)) {
      throw new PaymentError(MESSAGES.deposit.noWallet);
    }
    await adapter.connect(name);
  }
  const account = adapter.account;
  if (!adapter.isConnected() || !account || !sameAddress(account.address.toString(), address)) {
    throw new PaymentError(MESSAGES.tipping.connectWallet);
  }
  if (!adapter.wallet?.features['aptos:signAndSubmitTransaction']) {
    throw new PaymentError(MESSAGES.deposit.cannotSign);
  }
  return adapter;
}
