/** What a dapp asks an AIP-62 wallet to sign, and the optional lines it wants included. */
export type FullMessageInput = {
  message: string;
  nonce: string;
  /** Present when the dapp asked for it (`address: true` etc.); Petra writes them in this order. */
  address?: string;
  application?: string;
  chainId?: number;
};

/**
 * The text an Aptos wallet signs for `signMessage` (AIP-62, as Petra writes it): `APTOS`, then the
 * requested `address`, `application` and `chainId` lines, then `message: …` and `nonce: …`.
 */
export function buildFullMessage({
  message,
  nonce,
  address,
  application,
  chainId,
}: FullMessageInput): string {
  const lines = ['APTOS'];
  if (address !== undefined) lines.push(`address: ${address}`);
  if (application !== undefined) lines.push(`application: ${application}`);
  if (chainId !== undefined) lines.push(`chainId: ${chainId}`);
  lines.push(`message: ${message}`, `nonce: ${nonce}`);
  return lines.join('\n');
}
