import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '../../../schema/messages';
import { CreatorCard, type CreatorCardData } from './creator-card';
import { useCategoryUsers, useFeaturedUsers, useUserSearch } from './queries';
import { emptyDetail, resultCountText, type SearchView } from './search-view';

type ResultsProps = { view: SearchView; result: UseQueryResult<CreatorCardData[]> };

/** Searching..., the error, 'No results found', or the counts line and the grid of creators. */
function Results({ view, result }: ResultsProps) {
  if (result.isPending) {
    return (
      <p className="page-message" role="status" data-testid="search-loading">
        {MESSAGES.search.searching}
      </p>
    );
  }
  if (result.isError) {
    return (
      <p className="page-message" role="alert" data-testid="search-error">
        {MESSAGES.search.error}
      </p>
    );
  }
  if (result.data.length === 0) {
    return (
      <div className="search-empty" data-testid="search-empty">
        <h2>{MESSAGES.search.noResults}</h2>
        <p className="muted">{emptyDetail(view)}</p>
      </div>
    );
  }
  const count = resultCountText(view, result.data.length);
  return (
    <>
      {count && (
        <p className="search-count muted" data-testid="search-count">
          {count}
        </p>
      )}
      <ul className="creator-grid" data-testid="search-results">
        {result.data.map((creator) => (
          <li key={creator.id}>
            <CreatorCard creator={creator} />
          </li>
        ))}
      </ul>
    </>
  );
}

function QueryResults({ view }: { view: Extract<SearchView, { kind: 'query' }> }) {
  return <Results view={view} result={useUserSearch(view.q)} />;
}

function CategoryResults({ view }: { view: Extract<SearchView, { kind: 'category' }> }) {
  return <Results view={view} result={useCategoryUsers(view.category, view.subCategory)} />;
}

function FeaturedResults({ view }: { view: SearchView }) {
  return <Results view={view} result={useFeaturedUsers()} />;
}

/** The results of one view: each view reads its own endpoint. */
export function SearchResults({ view }: { view: SearchView }) {
  switch (view.kind) {
    case 'query':
      return <QueryResults view={view} />;
    case 'category':
      return <CategoryResults view={view} />;
    case 'featured':
      return <FeaturedResults view={view} />;
  }
}
