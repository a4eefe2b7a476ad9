import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { CommentThreadSchema } from '../../schema/engagement';
import type { Caller } from '../worker/session';
import type { RegisteredUser } from './engagement';

/**
 * Comments through the API, as the comment box sends them. `path` is a comment list's route
 * (`/api/comments/videos/{id}` or `/api/comments/shorts/{id}`).
 */

/** Posts `content` (a reply when `parentId` is set) as `fan`; answers the new thread, or throws. */
export const postComment = async (fan: RegisteredUser, path: string, content: string, parentId?: string) => {
  const result = await fan.caller.json(path, 'POST', { userId: fan.user.id, content, parentId });
  if (result.status !== 201)
    throw new Error(`comment refused (${result.status}): ${JSON.stringify(result.body)}`);
  return dataEnvelope(CommentThreadSchema).parse(result.body).data;
};

/** The comment list at `path`, as `caller` reads it. */
export const listComments = async (caller: Caller, path: string) =>
  dataEnvelope(z.array(CommentThreadSchema)).parse((await caller.json(path, 'GET')).body).data;
