/** A byte range resolved against an object's size: `offset` and `length` are both in bounds. */
export type ByteRange = { offset: number; length: number };

/**
 * Resolves an HTTP `Range` header (RFC 9110 §14.1.2) against an object of `size` bytes.
 * Answers `null` when the header is absent or not a single bytes range (serve the whole object),
 * or `'unsatisfiable'` when it asks for bytes past the end (answer 416).
 */
export const resolveRange = (
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null => {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;

  if (startText === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(endText);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }

  const start = Number(startText);
  if (start >= size) return 'unsatisfiable';
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
};
