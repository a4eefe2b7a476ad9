/**
 * The chain port (DESIGN.md §5): what the ledger needs from Aptos. One `aptos` adapter (the ts-sdk)
 * serves every network: the local chain this worker serves under `/localnet/v1`, or
 * devnet/testnet/mainnet by `APTOS_NETWORK` / `APTOS_NODE_URL`. Amounts are integers: APT in octas,
 * REEL in 1e-8 base units.
 */
export type ChainTransfer = {
  hash: string;
  /** The chain executed it successfully (`success: true`, vm_status "Executed successfully"). */
  success: boolean;
  /** Canonical 0x + 64 hex, lowercase. */
  sender: string;
  /** Receiver of an APT (`0x1::aptos_account::transfer`) or REEL transfer; null for anything else. */
  receiver: string | null;
  asset: 'apt' | 'reel' | null;
  amount: number;
};

export type ChainPort = {
  readonly network: string;
  /** Where deposits go and withdrawals come from, canonical form. */
  readonly platformAddress: string;
  /** APT balance in octas (0 for an account the chain does not know). */
  aptBalance(address: string): Promise<number>;
  /**
   * The time of the newest block the node knows. A transaction that expires before it and that the
   * same node does not know never committed (Aptos refuses expired transactions).
   */
  ledgerTime(): Promise<Date>;
  /** A committed user transaction by hash, or null when the chain does not know the hash. */
  transferByHash(hash: string): Promise<ChainTransfer | null>;
  /**
   * Sends REEL from the treasury to `to`; answers the committed hash or throws `ChainSendError`.
   * Any other error leaves the outcome unknown: the last hash handed to `onSigned` tells it later.
   */
  sendReel(to: string, amount: number, options?: SendReelOptions): Promise<{ hash: string }>;
};

export type SendReelOptions = {
  /**
   * Called with each signed transaction's hash and the time after which the chain can no longer
   * commit it, before that transaction is submitted (a retry signs a new one and calls again). If it
   * throws, nothing is submitted and `sendReel` throws that error.
   */
  onSigned?: (hash: string, expiresAt: Date) => Promise<void>;
};

/** A chain send that did not commit successfully; the caller reverses what it debited. */
export class ChainSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainSendError';
  }
}
