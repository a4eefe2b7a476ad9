import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { SearchIcon } from '../../ui/icons';

/** The top bar's search field: submitting opens /search?q=... (suggestions come later). */
export function SearchBar() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (q) void navigate({ to: '/search', search: { q } });
  };

  return (
    <search className="search-slot">
      <form className="search-bar" onSubmit={submit}>
        <input
          type="search"
          name="q"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search creators and categories"
          aria-label="Search"
          autoComplete="off"
        />
        <button type="submit" className="icon-button" aria-label="Submit search">
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}
