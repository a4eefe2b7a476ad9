import { COIN_UNIT } from '../../../schema/constants';
import { markDevWalletFunded, readDevWalletFunded } from '../../data/dev-wallet-store';

/** What the local faucet gives a brand-new dev wallet: enough APT to buy every top-up package once or twice. */
export const DEV_WALLET_FUNDING_APT = 20;

/**
 * Funds the dev wallet's account from the local chain's faucet (Aptos faucet shape:
 * `POST /localnet/faucet/mint?address=0x…&amount=<octas>`) the first time it connects, so a
 * new user can buy packages. A failure is logged and retried on the next connect: the wallet
 * itself still works, the account just has no APT yet.
 */
export async function fundDevWalletOnce(nodeUrl: string, address: string): Promise<void> {
  try {
    if (await readDevWalletFunded()) return;
    const url = new URL('/localnet/faucet/mint', nodeUrl);
    url.searchParams.set('address', address);
    url.searchParams.set('amount', String(DEV_WALLET_FUNDING_APT * COIN_UNIT));
    const response = await fetch(url, { method: 'POST' });
    if (!response.ok) throw new Error(`faucet answered ${response.status}`);
    await markDevWalletFunded();
  } catch (error) {
    console.warn('Reel Dev Wallet: the local faucet could not fund the account', error);
  }
}
