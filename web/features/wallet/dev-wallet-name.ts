/** The name the wallet adapter lists for the Reel Dev Wallet (kept apart so pages can compare names without the SDK). */
export const DEV_WALLET_NAME = 'Reel Dev Wallet';
