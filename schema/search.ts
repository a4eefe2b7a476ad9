import * as z from 'zod/mini';
import { CountSchema, pageQuerySchema } from './common';
import { LIMITS } from './constants';
import { UserSchema } from './user';

/** `limit` alone, with a per-call default and the API-wide hard maximum (DESIGN.md §3). */
const limitQuerySchema = (defaultLimit: number) => z.pick(pageQuerySchema(defaultLimit), { limit: true });

/*
 * The query-string schemas are factories, like `pageQuerySchema`: only the worker builds them, so
 * the web bundle, which imports this file for the result shapes, does not carry them.
 */

/**
 * `GET /users/search?q&limit` (default 10) and `GET /users/search/suggestions?q&limit` (default 5).
 * Free text is never refused (content spec §2.6): the server makes a safe full-text query of any
 * string, and text that leaves no words answers an empty list.
 */
export const textSearchQuerySchema = (defaultLimit: number) =>
  z.extend(limitQuerySchema(defaultLimit), { q: z._default(z.string(), '') });

/** `GET /users/search/category?category&subCategory&limit` (default 20). */
export const categorySearchQuerySchema = (defaultLimit: number = LIMITS.listDefault) =>
  z.extend(limitQuerySchema(defaultLimit), {
    category: z
      .string({ error: 'category is required' })
      .check(z.trim(), z.minLength(1, 'category is required')),
    subCategory: z.optional(z.string().check(z.trim(), z.minLength(1))),
  });

/** A user as the search screen shows it: the public record plus the totals on its card. */
export const SearchUserSchema = z.extend(UserSchema, {
  views: CountSchema,
  totalDonationCount: CountSchema,
});
export type SearchUser = z.infer<typeof SearchUserSchema>;

/** A user offered by the search bar while typing. */
export const SuggestedUserSchema = z.pick(UserSchema, {
  id: true,
  username: true,
  fullName: true,
  avatar: true,
});
export type SuggestedUser = z.infer<typeof SuggestedUserSchema>;

/** A sub-category offered by the search bar, with the category it belongs to. */
export const SuggestedSubCategorySchema = z.object({ category: z.string(), name: z.string() });
export type SuggestedSubCategory = z.infer<typeof SuggestedSubCategorySchema>;

/** `GET /users/search/suggestions`: users, category names and sub-categories matching the text. */
export const SearchSuggestionsSchema = z.object({
  users: z.array(SuggestedUserSchema),
  categories: z.array(z.string()),
  subCategories: z.array(SuggestedSubCategorySchema),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
