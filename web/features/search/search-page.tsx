import { getRouteApi } from '@tanstack/react-router';
import { SearchResults } from './search-results';
import { searchHeading, searchViewOf } from './search-view';
import './search.css';

const route = getRouteApi('/search');

/** /search (content spec §2.6): creators matching q, a category's creators, or the featured ones. */
export function SearchPage() {
  const view = searchViewOf(route.useSearch());
  const { title, subtitle } = searchHeading(view);
  return (
    <section className="page search-page" aria-labelledby="search-title">
      <header className="search-header">
        <h1 id="search-title">{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </header>
      <SearchResults view={view} />
    </section>
  );
}
