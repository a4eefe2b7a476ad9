import { Network } from '@aptos-labs/ts-sdk';

/** The ts-sdk network for `GET /api/config`'s `chain.network`. Part of the lazy wallet chunk. */
export function sdkNetwork(name: string): Network {
  const network = NETWORKS[name];
  if (!network) throw new Error(`Unknown chain network: ${name}`);
  return network;
}

const NETWORKS: Record<string, Network> = {
  local: Network.LOCAL,
  devnet: Network.DEVNET,
  testnet: Network.TESTNET,
  mainnet: Network.MAINNET,
};
