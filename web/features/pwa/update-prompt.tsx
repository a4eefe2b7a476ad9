import { Suspense } from 'react';
import { optionalLazy } from '../../ui/optional-lazy';

// Offline before this chunk was ever cached there is nothing to update from anyway.
const UpdateBar = optionalLazy(() => import('./update-bar').then((module) => module.UpdateBar));

/**
 * The new-version bar (update-bar.tsx). None of it is needed before a service worker has registered,
 * which is after load, so it loads after the entry (production builds with service workers only).
 */
export function UpdatePrompt() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBar />
    </Suspense>
  );
}
