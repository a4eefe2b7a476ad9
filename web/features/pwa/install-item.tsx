import { Suspense } from 'react';
import { optionalLazy } from '../../ui/optional-lazy';
import './install-offer';

// Offline before this chunk was ever cached there is no item: better than an error.
const InstallAction = optionalLazy(() => import('./install-action').then((module) => module.InstallAction));

/**
 * The navigation menu's Install app item (or iOS hint). Its code loads after the entry; the offer
 * it acts on is kept from the start by install-offer.ts. `onInstall` closes the menu.
 */
export function InstallItem({ onInstall }: { onInstall: () => void }) {
  return (
    <Suspense fallback={null}>
      <InstallAction onInstall={onInstall} />
    </Suspense>
  );
}
