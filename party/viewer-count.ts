/**
 * The chat room's side of a session's viewer count (live issue item 10): everyone on the live page
 * holds a socket to the stream's chat room, so the room's connection count is the number watching.
 * The room writes it to the stream's current (prepared or live) session, if there is one.
 */
export const setCurrentViewerCount = (db: D1Database, streamKeyId: string, viewerCount: number) =>
  db
    .prepare(
      `UPDATE stream_sessions SET viewer_count = ?2, peak_viewer_count = MAX(peak_viewer_count, ?2)
       WHERE stream_key_id = ?1 AND status IN ('prepared', 'live')`,
    )
    .bind(streamKeyId, viewerCount)
    .run();
