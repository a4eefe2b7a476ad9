import { useState } from 'react';

/**
 * The home sections' "first n, then the rest" rule: which items show, how many are hidden, and a
 * toggle between the two.
 */
export function useShowMore<T>(items: readonly T[], limit: number) {
  const [expanded, setExpanded] = useState(false);
  return {
    shown: expanded ? items : items.slice(0, limit),
    hidden: Math.max(0, items.length - limit),
    expanded,
    toggle: () => setExpanded((value) => !value),
  };
}
