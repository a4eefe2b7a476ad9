import { carriesFirstScreenAnswers } from '../lib/first-screen';
import type * as RouteQueries from './route-queries';

type Queries = typeof RouteQueries;
/** The same functions, seen one at a time: a loader's match and the promise of its reads. */
type Starters = { [K in keyof Queries]: (match: Parameters<Queries[K]>[0]) => Promise<unknown> };

/**
 * A route's loader that starts its data, so the request goes out with the route's chunk instead of
 * after it. Navigation does not wait for the network: the pages show their own loading, offline and
 * not-found states. The one wait is on a page's first load, for the reads whose answers the worker
 * inlined in it (worker/first-screen/; `route-queries.ts` says which): they ask nothing of the
 * network, and with them in the cache React's first render draws the page whole, as a transition in
 * short slices, instead of a loading state and then a re-render in one blocking task when they land
 * (issue 20: total blocking time). The query options load on first use (one small chunk,
 * `route-queries.ts`): the route files are in home's entry, which is at its budget. A failure needs
 * no handling here: the page's own query shows it.
 */
export const routeData =
  <K extends keyof Queries>(name: K) =>
  (match: Parameters<Queries[K]>[0]): Promise<unknown> | undefined => {
    const reads = import('./route-queries')
      .then((queries: Starters) => queries[name](match))
      .catch(() => undefined);
    return carriesFirstScreenAnswers() ? reads : undefined;
  };
