import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIMITS } from '../../../schema/constants';

let attempted = false;

/**
 * Attempts the keyless session restore once, about 100 ms after the app starts (accounts §4). Mount
 * it once inside the QueryClient provider. The work (IndexedDB, the Aptos SDK) loads on demand; the
 * outcome is left on `<html data-keyless-restore>` for tests.
 */
export function KeylessRestore() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (attempted || window.location.pathname === '/callback') return;
    const timer = setTimeout(() => {
      attempted = true;
      void import('./restore')
        .then(({ restoreKeylessSession }) => restoreKeylessSession(queryClient))
        .catch(() => 'failed')
        .then((outcome) => {
          document.documentElement.dataset.keylessRestore = outcome;
        });
    }, LIMITS.sessionRestoreDelayMs);
    return () => clearTimeout(timer);
  }, [queryClient]);
  return null;
}
