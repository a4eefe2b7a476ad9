import type { ContentKind } from '../../../schema/engagement';
import { MESSAGES } from '../../../schema/messages';
import type { SessionUser } from '../../../schema/user';
import { badRequest } from '../../lib/errors';
import { assertSelf } from '../../lib/session';
import { assertUser, contentNotFound, now, typeOfKind, userNotFound } from './content-kind';
import { checkMark, deleteMark, insertMark, listMarks, type MarkTable } from './marks-queries';

/** Bookmarks exist only for shorts (content §4): a long video gets the spec's message, not a 404. */
const missingContent = (table: MarkTable, kind: ContentKind, actualType: string | null) =>
  table === 'bookmarks' && actualType === 'video'
    ? badRequest(MESSAGES.engagement.bookmarksShortsOnly)
    : contentNotFound(kind);

/**
 * Sets or clears the caller's like or bookmark and answers the new total. Idempotent: a repeat
 * answers the same total without an error.
 */
export const setMark = async (
  db: D1Database,
  caller: SessionUser,
  target: { table: MarkTable; kind: ContentKind; userId: string; videoId: string },
  on: boolean,
): Promise<number> => {
  assertSelf(caller, target.userId);
  const mark = { userId: caller.id, videoId: target.videoId, type: typeOfKind(target.kind) };
  const total = on
    ? await insertMark(db, target.table, { ...mark, createdAt: now() })
    : await deleteMark(db, target.table, mark);
  if (total !== null) return total;
  const found = await checkMark(db, target.table, { ...mark, viewerId: caller.id });
  throw missingContent(target.table, target.kind, found.type);
};

/** Whether `userId` marked `videoId`; unknown ids (and content the viewer may not see) are 404s. */
export const isMarked = async (
  db: D1Database,
  table: MarkTable,
  kind: ContentKind,
  query: { userId: string; videoId: string; viewerId: string | null },
) => {
  const found = await checkMark(db, table, query);
  if (found.type !== typeOfKind(kind)) throw missingContent(table, kind, found.type);
  if (!found.userFound) throw userNotFound();
  return found.marked;
};

export const listMarksOf = async (
  db: D1Database,
  table: MarkTable,
  kind: ContentKind,
  query: { userId: string; viewerId: string | null },
  page: { limit: number; offset: number },
) => {
  await assertUser(db, query.userId);
  return listMarks(db, table, { ...query, type: typeOfKind(kind) }, page);
};
