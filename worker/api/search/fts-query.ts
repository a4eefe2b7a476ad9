/** Text past this many characters is ignored: no real name or phrase needs more. */
export const MAX_QUERY_CHARS = 100;
/** Words past this many are ignored: every word is one more term the index must intersect. */
export const MAX_QUERY_TERMS = 8;

/** Runs of letters, digits and combining marks: what FTS5's unicode61 tokenizer keeps as words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Turns what someone typed into a safe FTS5 query: each word becomes a quoted string (so `OR`,
 * `NEAR`, `*`, `-`, `"` and column filters are plain text, never syntax) and the last word a prefix
 * match for type-ahead. Answers null when no word is left: the caller answers an empty list.
 *
 *   toFtsQuery('nova re')   -> '"nova" "re"*'
 *   toFtsQuery('a OR b')    -> '"a" "OR" "b"*'
 *   toFtsQuery('"*-')       -> null
 */
export function toFtsQuery(text: string): string | null {
  const words = text.slice(0, MAX_QUERY_CHARS).match(WORD)?.slice(0, MAX_QUERY_TERMS) ?? [];
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `"${word}"*` : `"${word}"`)).join(' ');
}
