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

/**
 * Records a view unless its viewer already has one of the same item started after `since`, and then
 * bumps the item's view counter, in one batch so racing starts count once. Answers whether it was new.
 */
export const insertViewOnce = async (db: D1Database, view: NewView, since: string): Promise<boolean> => {
  const insert = db
    .prepare(
      `INSERT INTO views (id, content_type, content_id, user_id, session_id, ip_address, user_agent,
                          viewer_key, watch_duration, is_completed, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, 0, ?9, ?9
       WHERE NOT EXISTS (SELECT 1 FROM views
                         WHERE viewer_key = ?8 AND content_type = ?2 AND content_id = ?3 AND created_at > ?10)`,
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
      since,
    );
  if (view.contentType === 'streams') return (await insert.run()).meta.changes === 1;
  const [inserted] = await db.batch([
    insert,
    db
      .prepare(
        'UPDATE videos SET views = views + 1 WHERE id = ?1 AND EXISTS (SELECT 1 FROM views WHERE id = ?2)',
      )
      .bind(view.contentId, view.id),
  ]);
  return inserted?.meta.changes === 1;
};

/** The viewer's latest view of an item, the one a repeated start within the window goes on with. */
export const getLatestViewId = async (
  db: D1Database,
  viewer: { viewerKey: string; contentType: ViewContentType; contentId: string },
): Promise<string | null> =>
  (
    await db
      .prepare(
        `SELECT id FROM views WHERE viewer_key = ?1 AND content_type = ?2 AND content_id = ?3
         ORDER BY created_at DESC LIMIT 1`,
      )
      .bind(viewer.viewerKey, viewer.contentType, viewer.contentId)
      .first<{ id: string }>()
  )?.id ?? null;

/** What judging a progress report needs: who started the view, when, and the item's length. */
export type ViewBasis = {
  viewerKey: string;
  createdAt: string;
  watchDuration: number;
  /** Whole seconds of the video or short; null for a stream or an unknown (0) length. */
  length: number | null;
};

export const getViewBasis = async (db: D1Database, viewId: string): Promise<ViewBasis | null> => {
  const row = await db
    .prepare(
      `SELECT w.viewer_key, w.created_at, w.watch_duration, v.duration
       FROM views w LEFT JOIN videos v ON w.content_type <> 'streams' AND v.id = w.content_id
       WHERE w.id = ?1`,
    )
    .bind(viewId)
    .first<{ viewer_key: string; created_at: string; watch_duration: number; duration: number | null }>();
  if (!row) return null;
  return {
    viewerKey: row.viewer_key,
    createdAt: row.created_at,
    watchDuration: row.watch_duration,
    length: row.duration || null,
  };
};

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

/**
 * Totals of one item's views; a viewer is unique by user id, or by IP when signed out. The average
 * watch time counts each view up to the item's length: a looping 5 s short watched for a minute is
 * 5 s, not 60 (streams have no length and count whole).
 */
export const getViewStats = async (db: D1Database, type: ViewContentType, id: string): Promise<ViewStats> => {
  const row = await db
    .prepare(
      `WITH item AS (
         SELECT COALESCE((SELECT duration FROM videos WHERE id = ?2 AND ?1 <> 'streams'), 0) AS length)
       SELECT COUNT(*) AS total_views,
              COUNT(DISTINCT COALESCE('user:' || user_id, 'ip:' || ip_address)) AS unique_views,
              COALESCE(SUM(is_completed), 0) AS completed_views,
              COALESCE(AVG(CASE WHEN item.length > 0 THEN MIN(watch_duration, item.length)
                                ELSE watch_duration END), 0) AS average_watch_duration
       FROM views, item
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
