/**
 * What the money pages read from the chain with the ts-sdk: an account's APT balance and whether a
 * transaction committed. Reached only through chain-client.ts's dynamic import.
 */
import { Aptos, AptosConfig, parseTypeTag } from '@aptos-labs/ts-sdk';
import type { PublicConfig } from '../../../schema/api';
import { sdkNetwork } from './networks';

/** `0x1::coin::balance<AptosCoin>(address): u64`, given inline so the SDK need not fetch the module. */
const COIN_BALANCE_ABI = {
  typeParameters: [{ constraints: [] }],
  parameters: [parseTypeTag('address')],
  returnTypes: [parseTypeTag('u64')],
};

export type ChainReader = {
  /** APT in octas (the spec's "native coin balance", before dividing by 1e8). */
  aptBalance(address: string): Promise<number>;
  /** Waits until the transaction is committed; throws if it failed on chain or never commits. */
  waitForSuccess(hash: string): Promise<void>;
};

/** A reader for the configured chain; every call goes to `chain.nodeUrl` (our worker on the local chain). */
export function createChainReader(chain: PublicConfig['chain']): ChainReader {
  const fullnode = new URL(chain.nodeUrl, window.location.origin).href;
  const aptos = new Aptos(new AptosConfig({ network: sdkNetwork(chain.network), fullnode }));
  return {
    async aptBalance(address) {
      const [octas] = await aptos.view<[string]>({
        payload: {
          function: '0x1::coin::balance',
          typeArguments: ['0x1::aptos_coin::AptosCoin'],
          functionArguments: [address],
          abi: COIN_BALANCE_ABI,
        },
      });
      return Number(octas);
    },
    async waitForSuccess(hash) {
      await aptos.waitForTransaction({ transactionHash: hash });
    },
  };
}
