import { lazy, Suspense } from 'react';

/* Home's entry stays within its budget: the badge, its list and styles come in their own chunk. */
const OutboxButton = lazy(() =>
  import('./outbox-button').then((module) => ({ default: module.OutboxButton })),
);

/** Where the top bar shows the "waiting to send" badge (nothing while it loads or nothing waits). */
export function OutboxSlot() {
  return (
    <Suspense fallback={null}>
      <OutboxButton />
    </Suspense>
  );
}
