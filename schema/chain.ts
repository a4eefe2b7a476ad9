/** Shapes of the chain (DESIGN.md §5) shared by the worker and the web. */

const ADDRESS = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * An Aptos address in its canonical long form (0x + 64 lowercase hex), or null when `address` is
 * not one. Short forms ("0x1") are padded, as the chain reads them.
 */
export const canonicalAddress = (address: string): string | null =>
  ADDRESS.test(address) ? `0x${address.slice(2).toLowerCase().padStart(64, '0')}` : null;

/** A transaction hash as the chain writes it: 0x + 64 lowercase hex. */
export const isTransactionHash = (hash: string) => /^0x[0-9a-f]{64}$/.test(hash);
