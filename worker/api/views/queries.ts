import type { View, ViewStats } from '../../../schema/content';
import type { ViewContentType } from '../../../schema/views';

type ViewRow = {
  id: string;
  content_type: ViewContentType;
  content_id: string;
  user_id: string | null;
  session_id: string;
  ip_address: string;
  user_agent: string;
  watch_duration: number;
  is_completed: number;
  created_at: string;
};

const VIEW_COLUMNS = `id, content_type, content_id, user_id, session_id, ip_address, user_agent,
  watch_duration, is_completed, created_at`;

const toView = (row: ViewRow): View => ({
  viewId: row.id,
  contentType: row.content_type,
  contentId: row.content_id,
  userId: row.user_id,
  sessionId: row.session_id,
  ipAddress: row.ip_address,
  userAgent: row.user_agent,
  watchDuration: row.watch_duration,
  isCompleted: row.is_completed === 1,
  createdAt: row.created_at,
});

export type NewView = {
  id: string;
  contentType: ViewContentType;
  contentId: string;
  userId: string | null;
  sessionId: string;
  ipAddress: string;
  userAgent: string;
  viewerKey: string;
  createdAt: string;
};

/** Records a view and, for uploaded content, bumps the item's view counter in the same batch. */
export const insertView = async (db: D1Database, view: NewView): Promise<void> => {
  const insert = db
    .prepare(
      `INSERT INTO views (id, content_type, content_id, user_id, session_id, ip_address, user_agent,
                          viewer_key, watch_duration, is_completed, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, 0, ?9, ?9)`,
    )
    .bind(
      view.id,
      view.contentType,
      view.contentId,
      view.userId,
      view.sessionId,
      view.ipAddress,
      view.userAgent,
      view.viewerKey,
      view.createdAt,
    );
  if (view.contentType === 'streams') {
    await insert.run();
    return;
  }
  await db.batch([
    insert,
    db.prepare('UPDATE videos SET views = views + 1 WHERE id = ?1').bind(view.contentId),
  ]);
};

/** Who started a view, to decide who may update it. */
export const getViewerKey = async (db: D1Database, viewId: string): Promise<string | null> =>
  (
    await db
      .prepare('SELECT viewer_key FROM views WHERE id = ?1')
      .bind(viewId)
      .first<{ viewer_key: string }>()
  )?.viewer_key ?? null;

/** Moves a view forward: watch time and completion only ever grow. Answers the updated view. */
export const updateViewProgress = async (
  db: D1Database,
  viewId: string,
  progress: { watchDuration: number; isCompleted: boolean; updatedAt: string },
): Promise<View | null> => {
  const row = await db
    .prepare(
      `UPDATE views
       SET watch_duration = MAX(watch_duration, ?2), is_completed = MAX(is_completed, ?3), updated_at = ?4
       WHERE id = ?1
       RETURNING ${VIEW_COLUMNS}`,
    )
    .bind(viewId, progress.watchDuration, progress.isCompleted ? 1 : 0, progress.updatedAt)
    .first<ViewRow>();
  return row ? toView(row) : null;
};

/** Totals of one item's views; a viewer is unique by user id, or by IP when signed out. */
export const getViewStats = async (db: D1Database, type: ViewContentType, id: string): Promise<ViewStats> => {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS total_views,
              COUNT(DISTINCT COALESCE('user:' || user_id, 'ip:' || ip_address)) AS unique_views,
              COALESCE(SUM(is_completed), 0) AS completed_views,
              COALESCE(AVG(watch_duration), 0) AS average_watch_duration
       FROM views
       WHERE content_type = ?1 AND content_id = ?2`,
    )
    .bind(type, id)
    .first<{
      total_views: number;
      unique_views: number;
      completed_views: number;
      average_watch_duration: number;
    }>();
  return {
    totalViews: row?.total_views ?? 0,
    uniqueViews: row?.unique_views ?? 0,
    completedViews: row?.completed_views ?? 0,
    averageWatchDuration: Math.round((row?.average_watch_duration ?? 0) * 100) / 100,
  };
};

/** A user's views, newest first. */
export const listViewHistory = async (
  db: D1Database,
  userId: string,
  page: { limit: number; offset: number },
): Promise<View[]> => {
  const { results } = await db
    .prepare(
      `SELECT ${VIEW_COLUMNS}
       FROM views
       WHERE user_id = ?1
       ORDER BY created_at DESC, id DESC
       LIMIT ?2 OFFSET ?3`,
    )
    .bind(userId, page.limit, page.offset)
    .all<ViewRow>();
  return results.map(toView);
};
