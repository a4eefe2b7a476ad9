import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { rootRoute } from './root';

/** `/search?q&category&subCategory`: q wins over category (content spec §5). */
export const SearchParamsSchema = z.object({
  q: z.catch(z.optional(z.string()), undefined),
  category: z.catch(z.optional(z.string()), undefined),
  subCategory: z.catch(z.optional(z.string()), undefined),
});

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: SearchParamsSchema,
  component: lazyRouteComponent(() => import('../features/search/search-page'), 'SearchPage'),
});
