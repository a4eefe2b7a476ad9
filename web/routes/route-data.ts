import type * as RouteQueries from './route-queries';

type Queries = typeof RouteQueries;
/** The same functions, seen one at a time: a loader's match and the promise of its reads. */
type Starters = { [K in keyof Queries]: (match: Parameters<Queries[K]>[0]) => Promise<unknown> };

/**
 * A route's loader that starts its data, so the request goes out with the route's chunk instead of
 * after it. The loader does not wait for it: the pages show their own loading, offline and
 * not-found states, and navigation never waits on the network. The query options load on first
 * use (one small chunk, `route-queries.ts`): the route files are in home's entry, which is at its
 * budget. A failure needs no handling here: the page's own query shows it.
 */
export const routeData =
  <K extends keyof Queries>(name: K) =>
  (match: Parameters<Queries[K]>[0]): void => {
    import('./route-queries').then((queries: Starters) => queries[name](match)).catch(() => undefined);
  };
