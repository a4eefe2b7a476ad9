import { canonicalAddress } from '../../schema/chain';

/**
 * The Aptos ts-sdk, loaded on first use so a worker that never touches the chain does not evaluate it
 * (as worker/api/auth/keyless-crypto.ts does).
 */
export const aptosSdk = () => import('@aptos-labs/ts-sdk');

/**
 * An address in the long form the local chain keys its tables by (0x + 64 lowercase hex). Short
 * forms ("0x1234") are accepted, as the fullnode accepts them; anything else throws.
 */
export const longAddress = async (address: string): Promise<string> => {
  const long = canonicalAddress(address);
  if (!long) throw new Error(`Not an account address: ${address}`);
  return long;
};
