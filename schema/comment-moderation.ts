import * as z from 'zod/mini';
import { CountSchema } from './common';
import { CommentEntrySchema } from './engagement';

/**
 * Comments on a creator's own videos and shorts (issue 24 §2): the creator and their chat
 * moderators delete any comment, pin one, and review the comments held for one of the creator's
 * blocked terms (the same moderators and terms as their chat, schema/chat-moderation.ts).
 */

/**
 * `GET /comments/{videos|shorts}/{id}/moderation` for a registered caller: whether they moderate
 * this content, and the held comments they may see (all of them for the creator and moderators,
 * their own for anyone else), oldest first.
 */
export const CommentModerationSchema = z.object({
  canModerate: z.boolean(),
  held: z.array(CommentEntrySchema),
});
export type CommentModeration = z.infer<typeof CommentModerationSchema>;

/** `POST` / `DELETE …/{commentId}/pin`: the comment now pinned, or null after an unpin. */
export const CommentPinSchema = z.object({ pinnedId: z.nullable(z.string()) });

/** `POST …/{commentId}/approve`: the content's comment count with the approved comment in it. */
export const CommentApprovedSchema = z.object({ approved: z.literal(true), commentCount: CountSchema });

/** The refusals of comment moderation. */
export const COMMENT_MODERATION_ERRORS = {
  notModerator: 'Only the creator and their moderators can do that',
  notPinnable: 'Only a published top-level comment can be pinned',
  notHeld: 'This comment is not held for review',
} as const;

/** The label of a comment held for review, as its author and the moderators see it. */
export const HELD_LABEL = 'Held for review';
