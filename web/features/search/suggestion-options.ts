import type { SearchSuggestions } from '../../../schema/search';

/**
 * The search bar's suggestions as one list the keyboard walks through: users first, then
 * categories, then sub-categories (tested in tests/unit/web/search-suggestions.test.ts).
 */
export type SuggestionOption =
  | { kind: 'user'; key: string; username: string; fullName: string; avatar: string }
  | { kind: 'category'; key: string; category: string }
  | { kind: 'subCategory'; key: string; category: string; subCategory: string };

export function suggestionOptions(suggestions: SearchSuggestions): SuggestionOption[] {
  return [
    ...suggestions.users.map(
      (user): SuggestionOption => ({
        kind: 'user',
        key: `user:${user.id}`,
        username: user.username,
        fullName: user.fullName,
        avatar: user.avatar,
      }),
    ),
    ...suggestions.categories.map(
      (category): SuggestionOption => ({ kind: 'category', key: `category:${category}`, category }),
    ),
    ...suggestions.subCategories.map(
      (sub): SuggestionOption => ({
        kind: 'subCategory',
        key: `subCategory:${sub.category}>${sub.name}`,
        category: sub.category,
        subCategory: sub.name,
      }),
    ),
  ];
}

/** The option the arrow keys move to from `active` (-1: none) in a list of `count`; wraps around. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
