import type { ChainReader } from './chain-reads';
import { loadPublicConfig } from './wallet-adapter';

let reader: Promise<ChainReader> | undefined;

/** The chain reader for the configured node, with the ts-sdk loaded on first use. */
export function loadChainReader(): Promise<ChainReader> {
  reader ??= Promise.all([import('./chain-reads'), loadPublicConfig()])
    .then(([{ createChainReader }, config]) => createChainReader(config.chain))
    .catch((error: unknown) => {
      reader = undefined;
      throw error;
    });
  return reader;
}
