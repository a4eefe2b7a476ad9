import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** `/search?q&category&subCategory`: q wins over category (content spec §5). */
export type SearchParams = { q?: string; category?: string; subCategory?: string };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The search params, each kept only when it is text (anything else is dropped, never an error). A
 * plain function, not a zod schema: this route is in home's entry chunk, which zod stays out of.
 */
export const parseSearchParams = (search: Record<string, unknown>): SearchParams => ({
  q: text(search.q),
  category: text(search.category),
  subCategory: text(search.subCategory),
});

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: parseSearchParams,
  component: lazyRouteComponent(() => import('../features/search/search-page'), 'SearchPage'),
});
