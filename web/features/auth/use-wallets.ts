import type { AdapterWallet, WalletCore } from '@aptos-labs/wallet-adapter-react';
import { useCallback, useEffect, useState } from 'react';
import { loadWalletAdapter } from '../wallet/wallet-adapter';

export type WalletChoice = Pick<AdapterWallet, 'name' | 'icon'>;

const choices = (adapter: WalletCore): WalletChoice[] =>
  adapter.wallets.map(({ name, icon }) => ({ name, icon }));

/**
 * The wallets the adapter found. The adapter starts loading once `active` (the login dialog is
 * open); extensions that register later are added as they arrive. `load()` answers the list for a
 * click, loading (or retrying) the adapter first; a failed preload is left for that click to report.
 */
export function useWallets(active: boolean) {
  const [wallets, setWallets] = useState<readonly WalletChoice[]>();

  useEffect(() => {
    if (!active) return;
    let stopListening: (() => void) | undefined;
    let cancelled = false;
    loadWalletAdapter().then(
      (adapter) => {
        if (cancelled) return;
        const update = () => setWallets(choices(adapter));
        update();
        adapter.on('standardWalletsAdded', update);
        stopListening = () => adapter.off('standardWalletsAdded', update);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stopListening?.();
    };
  }, [active]);

  const load = useCallback(async () => {
    const list = choices(await loadWalletAdapter());
    setWallets(list);
    return list;
  }, []);
  return { wallets, load };
}
