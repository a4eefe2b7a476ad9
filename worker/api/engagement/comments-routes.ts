import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IdSchema, pageQuerySchema } from '../../../schema/common';
import { LIMITS } from '../../../schema/constants';
import {
  ContentKindSchema,
  CreateCommentBodySchema,
  DeleteCommentBodySchema,
  EditCommentBodySchema,
} from '../../../schema/engagement';
import { MESSAGES } from '../../../schema/messages';
import type { AppEnv } from '../../lib/app-env';
import { badRequest } from '../../lib/errors';
import { idempotent } from '../../lib/idempotency';
import { byUser, rateLimit } from '../../lib/rate-limit';
import { registered, registeredUser, signedIn } from '../../lib/session';
import { validate } from '../../lib/validate';
import { approveComment, readCommentModeration, setPinned } from './comment-moderation-service';
import { addComment, editComment, listComments, removeComment } from './comments-service';
import { viewerIdOf } from './content-kind';

const ContentParamSchema = z.object({ kind: ContentKindSchema, videoId: IdSchema });
const CommentParamSchema = z.extend(ContentParamSchema, { commentId: z.optional(IdSchema) });
const ModeratedParamSchema = z.extend(ContentParamSchema, { commentId: IdSchema });
const CONTENT = '/:kind{videos|shorts}/:videoId';
/** The comment id may come in the path or, as the spec's client sends it, in the body. */
const COMMENT = `${CONTENT}/:commentId?`;
/** New and edited comments share one budget per user. */
const limitComments = rateLimit('COMMENT_LIMITER', byUser);

const MODERATED = `${CONTENT}/:commentId`;

/**
 * Comments and replies on videos and shorts (content §7), mounted under `/comments`; the creator
 * and their moderators pin, approve and delete (issue 24 §2).
 */
export const commentsRoutes = new Hono<AppEnv>()
  .get(
    CONTENT,
    validate('param', ContentParamSchema),
    validate('query', pageQuerySchema(LIMITS.videoComments)),
    async (c) => {
      const target = { ...c.req.valid('param'), viewerId: await viewerIdOf(c) };
      return c.json({ data: await listComments(c.env.DB, target, c.req.valid('query')) });
    },
  )
  // Registered before `/:commentId?` routes so `moderation` is never read as a comment id.
  .get(`${CONTENT}/moderation`, signedIn, registered, validate('param', ContentParamSchema), async (c) =>
    c.json({ data: await readCommentModeration(c.env.DB, c.var.user, c.req.valid('param')) }),
  )
  .post(`${MODERATED}/pin`, signedIn, registered, validate('param', ModeratedParamSchema), async (c) =>
    c.json({ data: await setPinned(c.env.DB, c.var.user, c.req.valid('param'), true) }),
  )
  .delete(`${MODERATED}/pin`, signedIn, registered, validate('param', ModeratedParamSchema), async (c) =>
    c.json({ data: await setPinned(c.env.DB, c.var.user, c.req.valid('param'), false) }),
  )
  .post(`${MODERATED}/approve`, signedIn, registered, validate('param', ModeratedParamSchema), async (c) =>
    c.json({ data: await approveComment(c.env.DB, c.var.user, c.req.valid('param')) }),
  )
  .post(
    CONTENT,
    signedIn,
    limitComments,
    validate('param', ContentParamSchema),
    validate('json', CreateCommentBodySchema),
    idempotent('comments.create'),
    registered,
    async (c) => {
      const thread = await addComment(
        c.env.DB,
        c.var.user,
        c.req.valid('param'),
        c.req.valid('json'),
        c.var.idempotencyKey ?? null,
      );
      return c.json({ data: thread }, 201);
    },
  )
  // Editing and deleting check the profile in the handler (`registeredUser`): a missing comment id,
  // known only once path and body are both read, is a 400 before a caller without a profile's 403.
  .put(
    COMMENT,
    signedIn,
    limitComments,
    validate('param', CommentParamSchema),
    validate('json', EditCommentBodySchema),
    async (c) => {
      const { commentId, ...target } = c.req.valid('param');
      const body = c.req.valid('json');
      const id = commentId ?? body.commentId;
      if (!id) throw badRequest('Comment ID required');
      const entry = await editComment(c.env.DB, registeredUser(c.var.session), {
        ...target,
        ...body,
        commentId: id,
      });
      return c.json({ data: entry });
    },
  )
  .delete(
    COMMENT,
    signedIn,
    validate('param', CommentParamSchema),
    validate('json', DeleteCommentBodySchema),
    async (c) => {
      const { commentId, ...target } = c.req.valid('param');
      const body = c.req.valid('json');
      const id = commentId ?? body.commentId;
      if (!id) throw badRequest(MESSAGES.engagement.commentIdRequired);
      const result = await removeComment(c.env.DB, registeredUser(c.var.session), {
        ...target,
        ...body,
        commentId: id,
      });
      return c.json({ data: result });
    },
  );
