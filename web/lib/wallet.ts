/** Where a visitor without any Aptos wallet gets one (the spec's "wallet's download site"). */
export const WALLET_DOWNLOAD_URL = 'https://petra.app/';
