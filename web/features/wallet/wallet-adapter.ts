import type { WalletCore } from '@aptos-labs/wallet-adapter-react';
import { type PublicConfig, PublicConfigSchema } from '../../../schema/api';
import { apiGet } from '../../lib/api';

let configLoading: Promise<PublicConfig> | undefined;
let loading: Promise<WalletCore> | undefined;
let loaded: WalletCore | undefined;

/** `GET /api/config` (chain node URL, platform address), read once per page; a failure can be retried. */
export function loadPublicConfig(): Promise<PublicConfig> {
  configLoading ??= apiGet('/api/config', PublicConfigSchema).catch((error: unknown) => {
    configLoading = undefined;
    throw error;
  });
  return configLoading;
}

/**
 * The page's one wallet adapter, loaded on first call: the Aptos SDK and the adapter come in a
 * lazy chunk (DESIGN.md §10), set up for the chain `GET /api/config` names. A failed load can be retried.
 */
export function loadWalletAdapter(): Promise<WalletCore> {
  loading ??= (async () => {
    const [{ createWalletCore }, config] = await Promise.all([import('./adapter-core'), loadPublicConfig()]);
    loaded = createWalletCore(config.chain);
    return loaded;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The adapter if something already loaded it; never loads it. */
export function loadedWalletAdapter(): WalletCore | undefined {
  return loaded;
}
