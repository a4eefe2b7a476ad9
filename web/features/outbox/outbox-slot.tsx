import { Suspense } from 'react';
import { optionalLazy } from '../../ui/optional-lazy';

/* Home's entry stays within its budget: the badge, its list and styles come in their own chunk. */
const OutboxButton = optionalLazy(() => import('./outbox-button').then((module) => module.OutboxButton));

/** Where the top bar shows the "waiting to send" badge (nothing while it loads or nothing waits). */
export function OutboxSlot() {
  return (
    <Suspense fallback={null}>
      <OutboxButton />
    </Suspense>
  );
}
