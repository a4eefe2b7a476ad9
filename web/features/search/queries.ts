import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { SearchSuggestionsSchema, SearchUserSchema } from '../../../schema/search';
import { apiGet, withQuery } from '../../lib/api';
import { topCreatorsQueryOptions } from '../creators/queries';

/** Suggestions are throwaway: keep them a few minutes, not the day the rest of the cache lives. */
const SUGGESTIONS_GC_MS = 5 * 60_000;

/** Creators matching free text (`GET /api/users/search?q&limit`), best match first. */
export const userSearchQueryOptions = (q: string, limit: number = LIMITS.searchResultLimit) =>
  queryOptions({
    queryKey: ['users', 'search', { q, limit }],
    queryFn: ({ signal }) =>
      apiGet(withQuery('/api/users/search', { q, limit }), z.array(SearchUserSchema), { signal }),
  });

/** Creators of a category and optional sub-category (`GET /api/users/search/category`). */
export const categoryUsersQueryOptions = (
  category: string,
  subCategory: string | undefined,
  limit: number = LIMITS.searchResultLimit,
) =>
  queryOptions({
    queryKey: ['users', 'search', 'category', { category, subCategory, limit }],
    queryFn: ({ signal }) =>
      apiGet(
        withQuery('/api/users/search/category', { category, subCategory, limit }),
        z.array(SearchUserSchema),
        {
          signal,
        },
      ),
  });

/** What the search bar offers for some text (`GET /api/users/search/suggestions`). */
export const suggestionsQueryOptions = (q: string, limit: number = LIMITS.suggestionsDefault) =>
  queryOptions({
    queryKey: ['users', 'search', 'suggestions', { q, limit }],
    queryFn: ({ signal }) =>
      apiGet(withQuery('/api/users/search/suggestions', { q, limit }), SearchSuggestionsSchema, { signal }),
    gcTime: SUGGESTIONS_GC_MS,
  });

export function useUserSearch(q: string) {
  return useQuery(userSearchQueryOptions(q));
}

export function useCategoryUsers(category: string, subCategory: string | undefined) {
  return useQuery(categoryUsersQueryOptions(category, subCategory));
}

/** The featured view: the most followed creators (the search screen asks for 50). */
export function useFeaturedUsers() {
  return useQuery(topCreatorsQueryOptions(LIMITS.searchResultLimit));
}

/** Suggestions for settled text; while new ones load the previous stay, so the list does not flicker. */
export function useSuggestions(q: string) {
  return useQuery({ ...suggestionsQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData });
}
