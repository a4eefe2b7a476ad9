/**
 * What /search shows for its query parameters (content spec §2.6), as pure functions: tested in
 * tests/unit/web/search-view.test.ts.
 */

export type SearchParams = { q?: string; category?: string; subCategory?: string };

export type SearchView =
  | { kind: 'query'; q: string }
  | { kind: 'category'; category: string; subCategory?: string }
  | { kind: 'featured' };

const filled = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** q wins over category; category may carry subCategory; with neither, the top creators. */
export function searchViewOf(params: SearchParams): SearchView {
  const q = filled(params.q);
  if (q) return { kind: 'query', q };
  const category = filled(params.category);
  if (category) return { kind: 'category', category, subCategory: filled(params.subCategory) };
  return { kind: 'featured' };
}

/** The page heading, and the subtitle the featured view carries. */
export function searchHeading(view: SearchView): { title: string; subtitle?: string } {
  switch (view.kind) {
    case 'query':
      return { title: `Search results for "${view.q}"` };
    case 'category':
      return {
        title: view.subCategory ? `${view.category} > ${view.subCategory}` : `Category: ${view.category}`,
      };
    case 'featured':
      return { title: 'Featured Users', subtitle: 'Users with the most followers' };
  }
}

/** The counts line: 'N results found' or 'N users in this category'; none for featured users. */
export function resultCountText(view: SearchView, count: number): string | null {
  if (view.kind === 'query') return `${count} results found`;
  if (view.kind === 'category') return `${count} users in this category`;
  return null;
}

/** The line under 'No results found'. */
export function emptyDetail(view: SearchView): string {
  return view.kind === 'query' ? `No users match "${view.q}"` : 'No users in this category';
}
