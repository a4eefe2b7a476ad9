/**
 * The text a wallet shows when signing in, and the check that a wallet's `fullMessage` (AIP-62
 * `signMessage`: "APTOS", optional address/application/chainId lines, "message: …", "nonce: …")
 * carries exactly that text and nonce.
 */
export const signInMessage = (address: string) =>
  `Sign in to Reel with ${address}. This request will not trigger a blockchain transaction or cost any fees.`;

/** The nonce a wallet's fullMessage ends with, when it is one we could have asked for. */
export const nonceInFullMessage = (fullMessage: string, address: string): string | null => {
  const expected = `\nmessage: ${signInMessage(address)}\nnonce: `;
  if (!fullMessage.startsWith('APTOS\n')) return null;
  const at = fullMessage.lastIndexOf(expected);
  if (at < 0) return null;
  const nonce = fullMessage.slice(at + expected.length);
  return /^[0-9a-f]{32}$/.test(nonce) ? nonce : null;
};
