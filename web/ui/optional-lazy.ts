import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` for an extra of the page shell (the outbox badge, Install app, the update bar): its
 * chunk loads after the entry, and if it cannot load (offline before it was ever cached) the extra
 * is simply absent rather than taking the whole page down with an error.
 */
export function optionalLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load()
      .then((component) => ({ default: component }))
      .catch(() => ({ default: (() => null) as ComponentType<P> })),
  );
}
