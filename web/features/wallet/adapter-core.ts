/**
 * The wallet adapter itself. This module pulls in the Aptos SDK and the adapter (several hundred KB),
 * so only wallet-adapter.ts reaches it, through a dynamic import.
 */
import { type AvailableWallets, WalletCore } from '@aptos-labs/wallet-adapter-react';
import type { PublicConfig } from '../../../schema/api';
import { registerDevWallet } from './dev-wallet';
import { sdkNetwork } from './networks';

/**
 * Aptos Connect's sign-in through Google and Apple (and Petra Web, its host) would leave for
 * aptosconnect.app; the login dialog offers Google separately, as Coming Soon (accounts spec §2).
 */
const HIDDEN_WALLETS: AvailableWallets[] = ['Petra Web', 'Continue with Google', 'Continue with Apple'];

/**
 * A wallet adapter for the configured chain, with telemetry off and every node call sent to the
 * configured node (on the local chain: our own worker), so it never calls an outside host by itself.
 */
export function createWalletCore(chain: PublicConfig['chain']): WalletCore {
  const network = sdkNetwork(chain.network);
  const fullnode = new URL(chain.nodeUrl, window.location.origin).href;
  if (__LOCAL_CHAIN__) registerDevWallet(fullnode);
  return new WalletCore(
    undefined,
    { network, aptosConnect: { aptosClientConfig: { fullnode } } },
    true,
    HIDDEN_WALLETS,
  );
}
