/** Numbers and fixed addresses of the local chain (DESIGN.md §5). */

/** The chain id Aptos gives local testing networks (the SDK's `NetworkToChainId.local`). */
export const LOCAL_CHAIN_ID = 4;

/** Gas units every transaction uses (a real APT transfer uses a handful); charged as used × unit price. */
export const GAS_USED = 10;
/** The gas unit price the node suggests and the least it accepts, in octas (as on the real networks). */
export const MIN_GAS_UNIT_PRICE = 100;
export const MAX_GAS_AMOUNT = 2_000_000;

/** The faucet mints through the core resources account, as the Aptos localnet's faucet does. */
export const FAUCET_ADDRESS = `0x${'0'.repeat(57)}a550c18`;
/** What one faucet call may mint: 1000 APT in octas. */
export const FAUCET_MAX_OCTAS = 1000 * 100_000_000;

/** Genesis: the treasury's REEL (10 million REEL in 1e-8 units, well inside 2^53) and APT for gas. */
export const TREASURY_GENESIS_REEL = 10_000_000 * 100_000_000;
export const TREASURY_GENESIS_APT = 1000 * 100_000_000;
/** The faucet account's APT, which only pays the gas of its mints. */
export const FAUCET_GENESIS_APT = 10_000_000 * 100_000_000;

/** APT's fungible-asset metadata address (0xa) and coin type. */
export const APT_METADATA = `0x${'0'.repeat(63)}a`;
export const APTOS_COIN = '0x1::aptos_coin::AptosCoin';

export type Asset = 'apt' | 'reel';

/** The all-zero hash the local chain shows where a real node shows state and accumulator roots. */
export const ZERO_HASH = `0x${'0'.repeat(64)}`;
