import type { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../schema/constants';

/**
 * Attempts the keyless session restore once, about 100 ms after the app starts (accounts §4); main.tsx
 * calls it once. A plain timer, not a component: it renders nothing and home's entry is at its budget.
 * The work (IndexedDB, the Aptos SDK) loads on demand; the outcome is left on
 * `<html data-keyless-restore>` for tests.
 */
export function scheduleKeylessRestore(queryClient: QueryClient): void {
  if (window.location.pathname === '/callback') return;
  setTimeout(() => {
    void import('./restore')
      .then(({ restoreKeylessSession }) => restoreKeylessSession(queryClient))
      .catch(() => 'failed')
      .then((outcome) => {
        document.documentElement.dataset.keylessRestore = outcome;
      });
  }, LIMITS.sessionRestoreDelayMs);
}
