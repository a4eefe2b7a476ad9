import { useCallback, useEffect, useState } from 'react';
import {
  chosenBudgetBytes,
  listOffline,
  type OfflineItem,
  type OfflineUsage,
  offlineUsage,
  onOfflineMediaChange,
  removeOffline,
  setBudgetBytes,
} from '../../data/offline-media-store';

export type Downloads = {
  /** Most recently saved first. */
  items: OfflineItem[];
  usage: OfflineUsage;
  /** The budget the user chose, or null for the default. */
  chosenBudget: number | null;
};

/**
 * What is kept on this device, read from IndexedDB and the browser's storage estimate (never the
 * API, so the page works offline), read again on every change in this tab or another.
 */
export function useDownloads() {
  const [downloads, setDownloads] = useState<Downloads | null>(null);

  const refresh = useCallback(async () => {
    const [items, usage] = await Promise.all([listOffline(), offlineUsage()]);
    items.sort((a, b) => b.savedAt - a.savedAt);
    setDownloads({ items, usage, chosenBudget: chosenBudgetBytes() });
  }, []);

  useEffect(() => {
    void refresh();
    return onOfflineMediaChange(() => void refresh());
  }, [refresh]);

  const removeAll = async () => {
    for (const item of downloads?.items ?? []) await removeOffline(item.videoId);
  };

  return { downloads, remove: removeOffline, removeAll, setBudget: setBudgetBytes };
}
