import type { View, ViewStats } from '../../../schema/content';
import type { UpdateViewBody, ViewContentType } from '../../../schema/views';
import { sha256Hex } from '../../lib/crypto';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { growGardenFromView } from '../garden/view-growth';
import { isVisibleTo } from '../videos/visibility';
import { findViewedContent } from './content-queries';
import { getViewerKey, getViewStats, insertView, updateViewProgress } from './queries';

/**
 * A visitor is known by their IP and the player's session id, kept only as a hash: enough to
 * recognise the same player again, not to read either back.
 */
export const anonViewerKey = async (ip: string, sessionId: string): Promise<string> =>
  `anon:${await sha256Hex(`${ip}|${sessionId}`)}`;

/** 404 unless the content exists and the caller may see it (private items: their owner only). */
const assertViewable = async (db: D1Database, type: ViewContentType, id: string, callerId: string | null) => {
  const content = await findViewedContent(db, type, id);
  if (!content || !isVisibleTo(content, callerId)) throw notFound('Content not found');
};

export type StartView = {
  type: ViewContentType;
  contentId: string;
  /** The caller's own id (already checked against the session), or null for a visitor. */
  userId: string | null;
  callerId: string | null;
  sessionId: string;
  ip: string;
  userAgent: string;
};

/** Records a new view and answers its id; the item's view counter grows with it. */
export const startView = async (db: D1Database, input: StartView): Promise<string> => {
  await assertViewable(db, input.type, input.contentId, input.callerId);
  const id = newId();
  await insertView(db, {
    id,
    contentType: input.type,
    contentId: input.contentId,
    userId: input.userId,
    sessionId: input.sessionId,
    ipAddress: input.ip,
    userAgent: input.userAgent,
    viewerKey: input.userId ? `user:${input.userId}` : await anonViewerKey(input.ip, input.sessionId),
    createdAt: new Date().toISOString(),
  });
  return id;
};

/** Only the viewer who started a view may move it forward: the same user, or the same IP and session. */
const assertSameViewer = async (
  viewerKey: string,
  caller: { userId: string | null; ip: string; sessionId?: string | undefined },
) => {
  if (viewerKey.startsWith('user:')) {
    if (!caller.userId) throw unauthorized('Please log in to use this feature');
    if (viewerKey === `user:${caller.userId}`) return;
  } else if (caller.sessionId && viewerKey === (await anonViewerKey(caller.ip, caller.sessionId))) {
    return;
  }
  throw forbidden('Only the viewer who started this view may update it');
};

/**
 * Records watch progress; watch time never goes back and a completed view stays completed. A
 * signed-in user's completed short also grows their garden (once per view, capped per day).
 */
export const recordProgress = async (
  db: D1Database,
  viewId: string,
  body: UpdateViewBody,
  caller: { userId: string | null; ip: string },
): Promise<View> => {
  const viewerKey = await getViewerKey(db, viewId);
  if (viewerKey === null) throw notFound('View not found');
  await assertSameViewer(viewerKey, { ...caller, sessionId: body.sessionId });
  const now = new Date();
  const view = await updateViewProgress(db, viewId, { ...body, updatedAt: now.toISOString() });
  if (!view) throw notFound('View not found');
  if (view.isCompleted && view.userId && view.contentType === 'shorts') {
    await growGardenFromView(db, { viewId: view.viewId, userId: view.userId }, now);
  }
  return view;
};

/** View totals of content the caller may see. */
export const getVisibleViewStats = async (
  db: D1Database,
  type: ViewContentType,
  id: string,
  callerId: string | null,
): Promise<ViewStats> => {
  await assertViewable(db, type, id, callerId);
  return getViewStats(db, type, id);
};
