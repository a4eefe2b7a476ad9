import type { Category } from '../../../schema/user';

/** Lower case, accents removed, every run of non-word characters one space: 'Lo-fi' -> 'lo fi'. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** True when some word of `name` starts with `query` (both normalised): 'hop' finds 'Hip Hop'. */
const matches = (name: string, query: string) => ` ${normalise(name)}`.includes(` ${query}`);

/**
 * Categories and sub-categories whose name has a word starting with `text`, in the configured
 * order, at most `limit` of each. A sub-category carries its category, which a search needs.
 */
export function matchCategories(categories: readonly Category[], text: string, limit: number) {
  const query = normalise(text);
  if (!query) return { categories: [], subCategories: [] };
  const names = categories.filter((category) => matches(category.name, query)).map((c) => c.name);
  const subCategories = categories.flatMap((category) =>
    category.subCategories
      .filter((name) => matches(name, query))
      .map((name) => ({ category: category.name, name })),
  );
  return { categories: names.slice(0, limit), subCategories: subCategories.slice(0, limit) };
}
