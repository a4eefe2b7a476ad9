import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * Registers /sw.js (production builds only) and reports when a new version waits to take over.
 * `applyUpdate` asks the waiting worker to skip waiting; the page reloads once it controls.
 * workbox-window loads after the page has, so it stays out of the entry chunk and the first paint.
 */
export function useServiceWorkerUpdate(): { updateReady: boolean; applyUpdate: () => void } {
  const [updateReady, setUpdateReady] = useState(false);
  const workboxRef = useRef<Workbox | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = async () => {
      const { Workbox } = await import('workbox-window');
      if (cancelled) return;
      const workbox = new Workbox('/sw.js');
      workboxRef.current = workbox;
      workbox.addEventListener('waiting', () => setUpdateReady(true));
      await workbox.register();
    };
    // Offline on a repeat visit the chunk may be missing: there is nothing to update then anyway.
    const start = () => void register().catch(() => undefined);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, []);

  const applyUpdate = () => {
    const workbox = workboxRef.current;
    if (!workbox) return;
    // Reload only after the new worker controls the page, so the page and its assets match.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };

  return { updateReady, applyUpdate };
}
