import * as z from 'zod/mini';
import { wellFormed } from './common';
import { UploadFieldsSchema } from './content';
import { MAX_POSTER_SIZES, PosterSizeUrlSchema } from './posters';
import { PosterUrlSchema } from './uploads';

/*
 * Editing a video from the studio (issue 23 §2; the spec's Edit was only "coming soon"). Title and
 * description keep the upload form's rules (content.ts), so an edit can never store what an upload
 * could not. Apart from content.ts: only the studio loads this, never home.
 */

/**
 * A text rule of the upload form with messages that say what is wrong (zod/mini carries no
 * locale, so its own issues read "Invalid input"); the rule itself is unchanged.
 */
const withMessages = (schema: z.ZodMiniString<string>, field: string): z.ZodMiniString<string> =>
  schema.clone({
    ...schema.def,
    error: (issue: z.core.$ZodRawIssue) => {
      if (issue.code === 'too_small') return `Enter a ${field.toLowerCase()}`;
      if (issue.code === 'too_big') return `${field} may be at most ${issue.maximum} characters`;
      if (issue.code === 'invalid_type') return `${field} must be text`;
      return undefined;
    },
  });

const title = withMessages(UploadFieldsSchema.shape.title, 'Title');
// The upload form's rule without its default: a missing description must not clear one.
const description = withMessages(UploadFieldsSchema.shape.description.def.innerType, 'Description');

/** Most tags a video keeps; cards show three and '+n' for the rest (content §2.1). */
export const VIDEO_TAGS_MAX = 20;
/** Longest tag, in characters. */
export const VIDEO_TAG_MAX_LENGTH = 40;

/** A video's tags: trimmed, none empty, none with a comma (the form splits on commas), no repeats. */
export const VideoTagsSchema = z
  .array(
    z.string().check(
      z.trim(),
      z.minLength(1, 'A tag is empty'),
      z.maxLength(VIDEO_TAG_MAX_LENGTH, `A tag may be at most ${VIDEO_TAG_MAX_LENGTH} characters`),
      z.refine((tag) => !tag.includes(','), 'A tag may not contain a comma'),
      wellFormed(),
    ),
  )
  .check(
    z.maxLength(VIDEO_TAGS_MAX, `At most ${VIDEO_TAGS_MAX} tags`),
    z.refine(
      (tags) => new Set(tags.map((tag) => tag.toLowerCase())).size === tags.length,
      'Tags must not repeat',
    ),
  );

/**
 * `PATCH /api/videos/{id}` (owner only): the fields to change, at least one; a missing one stays
 * as it is. A new thumbnail comes as the poster frame (uploaded first through
 * `POST /api/files/image`, as an upload's poster) with its card widths, which replace the old ones.
 */
export const UpdateVideoBodySchema = z
  .strictObject(
    {
      title: z.optional(title),
      description: z.optional(description),
      tags: z.optional(VideoTagsSchema),
      isPublic: z.optional(z.boolean()),
      thumbnail: z.optional(PosterUrlSchema),
      posterSizes: z.optional(z.array(PosterSizeUrlSchema).check(z.maxLength(MAX_POSTER_SIZES))),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Not a field of a video: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .check(
    z.refine((body) => Object.values(body).some((value) => value !== undefined), 'Send a field to change'),
    z.refine(
      (body) => body.posterSizes === undefined || body.thumbnail !== undefined,
      'posterSizes: Send poster sizes with the thumbnail they were drawn from',
    ),
  );
export type UpdateVideoBody = z.infer<typeof UpdateVideoBodySchema>;
