import { createRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { NotBuiltPage } from '../ui/not-built';
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
  component: SearchRouteView,
});

function SearchRouteView() {
  const { q, category } = searchRoute.useSearch();
  const subject = q ?? category;
  return (
    <NotBuiltPage title="Search">{subject && <p>Results for “{subject}” will appear here.</p>}</NotBuiltPage>
  );
}
