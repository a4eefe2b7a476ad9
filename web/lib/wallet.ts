/** Where a visitor without a wallet extension gets one (the spec's "wallet's download site"). */
export const WALLET_DOWNLOAD_URL = 'https://petra.app/';

/** Whether an Aptos wallet extension (Petra and others inject `window.aptos`) is present. */
export function hasWalletExtension(): boolean {
  return typeof window !== 'undefined' && 'aptos' in window;
}
