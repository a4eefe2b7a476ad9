import { useNavigate } from '@tanstack/react-router';
import { type FocusEvent, type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SearchIcon } from '../../ui/icons';

// The home route's JS budget (DESIGN.md §10) has no room for the suggestions: their code loads on
// the field's first focus, and from then on drives the combobox (keys, aria-expanded,
// aria-activedescendant) through the input element.
const SuggestionList = lazy(() =>
  import('../search/suggestion-list').then((module) => ({ default: module.SuggestionList })),
);

/**
 * The top bar's search field, an ARIA combobox: typing offers users, categories and sub-categories;
 * submitting opens /search?q=... On a phone the bar has no room for a field beside its buttons: it
 * shows a search icon, which opens the field over the whole bar until the focus leaves it
 * (styles/layout.css hides the icon on wider screens, where the field is always there).
 */
export function SearchBar() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    input.current?.blur();
    void navigate({ to: '/search', search: { q } });
  };

  const openField = () => {
    // Shown first, so the focus (and on a phone the keyboard) can go to it within the tap.
    flushSync(() => setOpen(true));
    input.current?.focus();
  };
  const closeOnLeave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <search className="search-slot" data-open={open ? 'true' : undefined} onBlur={closeOnLeave}>
      <button
        ref={opener}
        type="button"
        className="icon-button search-opener"
        aria-label="Open search"
        onClick={openField}
      >
        <SearchIcon size={20} />
      </button>
      <form className="search-bar" onSubmit={submit}>
        <input
          ref={input}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={false}
          aria-controls={listId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => setWanted(true)}
          // Escape leaves the field (on a phone that closes it and gives the focus back to the
          // icon), unless the suggestions took it to close their list first.
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return;
            if (open) {
              flushSync(() => setOpen(false));
              opener.current?.focus();
            } else input.current?.blur();
          }}
          enterKeyHint="search"
          placeholder="Search creators and categories"
          aria-label="Search"
          autoComplete="off"
        />
        <button type="submit" className="icon-button" aria-label="Submit search">
          <SearchIcon />
        </button>
      </form>
      {wanted && (
        <Suspense fallback={null}>
          <SuggestionList id={listId} input={input} query={query} onChosen={() => setQuery('')} />
        </Suspense>
      )}
    </search>
  );
}
