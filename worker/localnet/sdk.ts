/**
 * The Aptos ts-sdk, loaded on first use so a worker that never touches the chain does not evaluate it
 * (as worker/api/auth/keyless-crypto.ts does).
 */
export const aptosSdk = () => import('@aptos-labs/ts-sdk');

/** An address in the long form the local chain keys its tables by (0x + 64 lowercase hex). */
export const longAddress = async (address: string): Promise<string> => {
  const { AccountAddress } = await aptosSdk();
  return AccountAddress.from(address).toStringLong();
};
