import type * as z from 'zod/mini';

/** Parses a JSON column through its schema, falling back when a row holds something unexpected. */
export const parseJsonColumn = <S extends z.ZodMiniType>(
  raw: string | null | undefined,
  schema: S,
  fallback: z.infer<S>,
): z.infer<S> => {
  if (!raw) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
};

/** The public URL of an R2 key, served by the media routes. */
export const mediaUrl = (key: string | null | undefined): string => (key ? `/media/${key}` : '');
