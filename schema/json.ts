import type * as z from 'zod/mini';

/**
 * Parses JSON text (a socket frame, a stored column) through a schema; anything that is not valid
 * JSON of that shape gives null. Both ends of every socket use it (STYLE.md: safeParse every message).
 */
export const safeParseJson = <S extends z.ZodMiniType>(text: unknown, schema: S): z.output<S> | null => {
  if (typeof text !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? (parsed.data as z.output<S>) : null;
};
