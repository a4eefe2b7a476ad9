import type { SearchSuggestions, SearchUser } from '../../../schema/search';
import { listCategories } from '../users/queries';
import { matchCategories } from './category-match';
import { toFtsQuery } from './fts-query';
import { searchUsers, suggestUsers } from './queries';

/** Users matching free text; text without a single word (only `"*-` and the like) finds nobody. */
export const findUsers = async (db: D1Database, text: string, limit: number): Promise<SearchUser[]> => {
  const ftsQuery = toFtsQuery(text);
  return ftsQuery ? searchUsers(db, ftsQuery, limit) : [];
};

/** What the search bar offers for the text typed so far: users, categories and sub-categories. */
export const suggest = async (db: D1Database, text: string, limit: number): Promise<SearchSuggestions> => {
  const ftsQuery = toFtsQuery(text);
  const [users, categories] = await Promise.all([
    ftsQuery ? suggestUsers(db, ftsQuery, limit) : [],
    listCategories(db),
  ]);
  return { users, ...matchCategories(categories, text, limit) };
};
