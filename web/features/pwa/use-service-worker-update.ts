import { useEffect, useRef, useState } from 'react';
import type { ServiceWorkerClient } from './service-worker-client';

/** `ready`: a new version waits; `after-upload`: the user asked for it, and it applies once uploads end. */
export type UpdateState = 'none' | 'ready' | 'after-upload';

/**
 * Registers the service worker (rendered only where there is one: update-prompt.tsx) and reports
 * when a new version waits to take over. The worker never skips waiting on its own: `applyUpdate`
 * asks it to (service-worker-client.ts), never under an upload in progress. The client and
 * workbox-window load after the page has, so they stay out of the first paint.
 */
export function useServiceWorkerUpdate(): { update: UpdateState; applyUpdate: () => void } {
  const [update, setUpdate] = useState<UpdateState>('none');
  const clientRef = useRef<ServiceWorkerClient | null>(null);

  useEffect(() => {
    let cancelled = false;
    const register = async () => {
      const { registerServiceWorker } = await import('./service-worker-client');
      if (cancelled) return;
      clientRef.current = await registerServiceWorker(() => setUpdate('ready'));
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
    if (update === 'ready') void clientRef.current?.applyUpdate(() => setUpdate('after-upload'));
  };

  return { update, applyUpdate };
}
