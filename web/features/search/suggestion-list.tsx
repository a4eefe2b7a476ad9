import { useNavigate } from '@tanstack/react-router';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { Avatar } from '../../ui/avatar';
import { useSuggestions } from './queries';
import { moveActive, type SuggestionOption, suggestionOptions } from './suggestion-options';
import { useDebouncedValue } from './use-debounced-value';
import './suggestions.css';

/** Typing pauses this long before suggestions are asked for. */
const DEBOUNCE_MS = 250;

type SuggestionListProps = {
  /** The listbox id the input's aria-controls names. */
  id: string;
  /** The search bar's input: the combobox this list listens to and keeps its ARIA state on. */
  input: RefObject<HTMLInputElement | null>;
  query: string;
  /** Called when an option was chosen (the list navigates). */
  onChosen: () => void;
};

/** Whether `element` has the focus, following its focus and blur events. */
function useHasFocus(element: RefObject<HTMLElement | null>) {
  const [focused, setFocused] = useState(() => document.activeElement === element.current);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    target.addEventListener('focus', onFocus);
    target.addEventListener('blur', onBlur);
    return () => {
      target.removeEventListener('focus', onFocus);
      target.removeEventListener('blur', onBlur);
    };
  }, [element]);
  return focused;
}

/**
 * The search bar's suggestions (accounts spec §2, content spec §2.6): a listbox of users,
 * categories and sub-categories for the text typed so far, driven from the input through
 * aria-activedescendant (ArrowUp/ArrowDown move, Enter opens, Escape closes).
 *
 * It is loaded on the field's first focus, so the layout's entry chunk stays within its budget
 * (DESIGN.md §10): that is why it attaches its key listener and writes the input's
 * aria-expanded / aria-activedescendant itself rather than through props of the search bar.
 */
export function SuggestionList({ id, input, query, onChosen }: SuggestionListProps) {
  const navigate = useNavigate();
  const focused = useHasFocus(input);
  const text = query.trim();
  const settled = useDebouncedValue(text, DEBOUNCE_MS);
  const { data } = useSuggestions(settled);
  const options = useMemo(() => (data ? suggestionOptions(data) : []), [data]);
  // The active option belongs to the text typed and is remembered by its key: typing starts again
  // from no active option, while a list that refreshes under the keyboard (the debounced answer for
  // the same text arriving late) keeps it active wherever it still is. Escape belongs to one text:
  // typing reopens the list.
  const [activeIn, setActiveIn] = useState<{ text: string; key: string | null }>({ text, key: null });
  const activeKey = activeIn.text === text ? activeIn.key : null;
  const active = options.findIndex((option) => option.key === activeKey);
  const setActiveKey = (key: string | null) => setActiveIn({ text, key });
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);

  const expanded = focused && dismissedAt !== text && text !== '' && settled !== '' && options.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-${active}` : undefined;
  useEffect(() => {
    input.current?.setAttribute('aria-expanded', String(expanded));
    if (activeId) input.current?.setAttribute('aria-activedescendant', activeId);
    else input.current?.removeAttribute('aria-activedescendant');
  }, [input, expanded, activeId]);

  const choose = (option: SuggestionOption) => {
    setDismissedAt(text);
    onChosen();
    input.current?.blur();
    if (option.kind === 'user') {
      void navigate({ to: '/u/$username', params: { username: option.username } });
    } else {
      const subCategory = option.kind === 'subCategory' ? option.subCategory : undefined;
      void navigate({ to: '/search', search: { category: option.category, subCategory } });
    }
  };

  // Re-attached on every render, so the handler always sees the current options.
  useEffect(() => {
    const target = input.current;
    if (!target) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return;
        event.preventDefault();
        setDismissedAt(null);
        setActiveKey(options[moveActive(active, options.length, event.key)]?.key ?? null);
      } else if (event.key === 'Enter' && activeId) {
        const option = options[active];
        if (!option) return;
        event.preventDefault();
        choose(option);
      } else if (event.key === 'Escape' && expanded) {
        event.preventDefault();
        setDismissedAt(text);
      }
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  });

  return (
    <div className="search-suggestions" hidden={!expanded}>
      <div id={id} role="listbox" aria-label="Search suggestions" className="suggestion-listbox">
        {options.map((option, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach options through the combobox input (aria-activedescendant)
          <div
            key={option.key}
            id={`${id}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className="suggestion"
            // Keep the focus in the input: a click chooses, it does not blur the combobox.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActiveKey(option.key)}
          >
            <SuggestionContent option={option} />
          </div>
        ))}
      </div>
    </div>
  );
}

function SuggestionContent({ option }: { option: SuggestionOption }) {
  switch (option.kind) {
    case 'user':
      return (
        <>
          <Avatar src={option.avatar} name={option.fullName || option.username} size={28} />
          <span className="suggestion-text">
            <span className="suggestion-label">{option.fullName || option.username}</span>
            <span className="suggestion-detail">@{option.username}</span>
          </span>
        </>
      );
    case 'category':
      return (
        <span className="suggestion-text">
          <span className="suggestion-label">{option.category}</span>
          <span className="suggestion-detail">Category</span>
        </span>
      );
    case 'subCategory':
      return (
        <span className="suggestion-text">
          <span className="suggestion-label">{option.subCategory}</span>
          <span className="suggestion-detail">{option.category} sub-category</span>
        </span>
      );
  }
}
