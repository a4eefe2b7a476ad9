import { useEffect, useState } from 'react';
import { getOffline, type OfflineItem, onOfflineMediaChange } from '../../data/offline-media-store';

/**
 * The kept record of one video: undefined while IndexedDB answers, null when its file is not on
 * this device. Read again when the kept media change (saved or removed here or in another tab).
 */
export function useOfflineItem(videoId: string): OfflineItem | null | undefined {
  const [item, setItem] = useState<OfflineItem | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const read = () =>
      getOffline(videoId).then(
        (found) => current && setItem(found ?? null),
        // No IndexedDB here: nothing can be kept.
        () => current && setItem(null),
      );
    setItem(undefined);
    void read();
    const unsubscribe = onOfflineMediaChange(() => void read());
    return () => {
      current = false;
      unsubscribe();
    };
  }, [videoId]);
  return item;
}
