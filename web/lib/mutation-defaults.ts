import type { QueryClient } from '@tanstack/react-query';

/**
 * The mutation defaults of one key root (engagement, tips, garden), set once per client. `register`
 * also hands them to that root's mutations restored paused from IndexedDB before the defaults'
 * module loaded (they were built without a mutationFn), so they can resume at app start.
 */
export function mutationDefaults(root: string, setDefaults: (client: QueryClient) => void) {
  const registered = new WeakSet<QueryClient>();
  const ensure = (client: QueryClient) => {
    if (registered.has(client)) return;
    registered.add(client);
    setDefaults(client);
  };
  const register = (client: QueryClient) => {
    ensure(client);
    for (const mutation of client.getMutationCache().getAll()) {
      const { mutationKey, mutationFn } = mutation.options;
      if (mutationKey?.[0] !== root || mutationFn) continue;
      // Not defaultMutationOptions(): it returns options already marked as defaulted unchanged.
      mutation.setOptions({ ...client.getMutationDefaults(mutationKey), ...mutation.options });
    }
  };
  return { ensure, register };
}
