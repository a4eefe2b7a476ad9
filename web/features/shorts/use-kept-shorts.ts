import { useEffect, useState } from 'react';
import { offlineVideoIds, onOfflineMediaChange } from '../../data/offline-media-store';

/**
 * Ids of the shorts whose whole file is on this device, kept current as files are fetched ahead,
 * saved or evicted (in this tab or another); undefined until the index has been read once.
 */
export function useKeptShortIds(): ReadonlySet<string> | undefined {
  const [kept, setKept] = useState<ReadonlySet<string>>();
  useEffect(() => {
    let latest = 0;
    const read = () => {
      // Reads overlap when files land quickly: only the last one asked may answer.
      const asked = ++latest;
      offlineVideoIds().then(
        (ids) => asked === latest && setKept(ids),
        // No IndexedDB (private mode in some browsers): nothing is kept.
        () => asked === latest && setKept(new Set()),
      );
    };
    read();
    const stop = onOfflineMediaChange(read);
    return () => {
      latest = -1;
      stop();
    };
  }, []);
  return kept;
}
