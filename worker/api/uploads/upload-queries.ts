/** A resumable upload as D1 keeps it (schema/migrations/0004_uploads.sql). */
export type UploadRecord = {
  id: string;
  userId: string;
  status: 'uploading' | 'completed';
  mediaKey: string;
  multipartUploadId: string;
  fileName: string;
  size: number;
  contentType: string;
  partSize: number;
  partCount: number;
  sniffedType: string | null;
  title: string;
  description: string;
  isPublic: boolean;
  duration: number;
  width: number;
  height: number;
  thumbnailKey: string | null;
  videoId: string | null;
  createdAt: string;
};

/** A confirmed part: R2 holds its bytes under `etag`. */
export type PartRecord = { partNumber: number; etag: string; size: number };

type UploadRow = {
  id: string;
  user_id: string;
  status: 'uploading' | 'completed';
  media_key: string;
  multipart_upload_id: string;
  file_name: string;
  size_bytes: number;
  content_type: string;
  part_size: number;
  part_count: number;
  sniffed_type: string | null;
  title: string;
  description: string;
  is_public: number;
  duration: number;
  width: number;
  height: number;
  thumbnail_key: string | null;
  video_id: string | null;
  created_at: string;
};

const toUpload = (row: UploadRow): UploadRecord => ({
  id: row.id,
  userId: row.user_id,
  status: row.status,
  mediaKey: row.media_key,
  multipartUploadId: row.multipart_upload_id,
  fileName: row.file_name,
  size: row.size_bytes,
  contentType: row.content_type,
  partSize: row.part_size,
  partCount: row.part_count,
  sniffedType: row.sniffed_type,
  title: row.title,
  description: row.description,
  isPublic: row.is_public === 1,
  duration: row.duration,
  width: row.width,
  height: row.height,
  thumbnailKey: row.thumbnail_key,
  videoId: row.video_id,
  createdAt: row.created_at,
});

/** What a user has uploaded lately: multipart uploads still open, and bytes declared or stored. */
export type UploadUsage = { open: number; bytes: number };

/** The quota an insert must stay within: counts start at `since` (24 hours ago). */
export type UploadQuota = { since: string; maxOpen: number; dailyBytes: number };

/*
 * Bytes a user uploaded since ?2 (upload_usage): every multipart upload opened since then at its
 * declared size and every one-request upload stored since then, aborted or deleted or not.
 */
const USED_BYTES = `
  (SELECT COALESCE(SUM(size_bytes), 0) FROM upload_usage WHERE user_id = ?1 AND created_at > ?2)`;
/* Multipart uploads of the user opened since ?2 and neither completed nor aborted. */
const OPEN_UPLOADS = `
  (SELECT COUNT(*) FROM uploads WHERE user_id = ?1 AND status = 'uploading' AND created_at > ?2)`;

export const getUploadUsage = async (db: D1Database, userId: string, since: string): Promise<UploadUsage> => {
  const row = await db
    .prepare(`SELECT ${OPEN_UPLOADS} AS open, ${USED_BYTES} AS bytes`)
    .bind(userId, since)
    .first<{ open: number; bytes: number }>();
  return { open: row?.open ?? 0, bytes: row?.bytes ?? 0 };
};

/**
 * Inserts an upload only while its user stays within `quota` with it: one statement, so parallel
 * creates cannot all pass a count taken before any of them is written. Its declared size is counted
 * in the same batch, for good (an abort gives nothing back). False when it was refused.
 */
export const insertUploadWithinQuota = async (
  db: D1Database,
  upload: UploadRecord,
  quota: UploadQuota,
): Promise<boolean> => {
  const insert = db
    .prepare(
      `INSERT INTO uploads (id, user_id, status, media_key, multipart_upload_id, file_name, size_bytes,
                            content_type, part_size, part_count, sniffed_type, title, description,
                            is_public, duration, width, height, thumbnail_key, video_id, created_at,
                            updated_at)
       SELECT ?3, ?1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20,
              ?21, ?21
       WHERE ${OPEN_UPLOADS} < ?22 AND ${USED_BYTES} + ?8 <= ?23`,
    )
    .bind(
      upload.userId,
      quota.since,
      upload.id,
      upload.status,
      upload.mediaKey,
      upload.multipartUploadId,
      upload.fileName,
      upload.size,
      upload.contentType,
      upload.partSize,
      upload.partCount,
      upload.sniffedType,
      upload.title,
      upload.description,
      upload.isPublic ? 1 : 0,
      upload.duration,
      upload.width,
      upload.height,
      upload.thumbnailKey,
      upload.videoId,
      upload.createdAt,
      quota.maxOpen,
      quota.dailyBytes,
    );
  const [inserted] = await db.batch([
    insert,
    db
      .prepare(
        `INSERT INTO upload_usage (id, user_id, size_bytes, created_at)
         SELECT id, user_id, size_bytes, created_at FROM uploads WHERE id = ?1`,
      )
      .bind(upload.id),
  ]);
  return inserted?.meta.changes === 1;
};

/** Counts a one-request upload's bytes toward its owner's daily quota, for good. */
export const countUploadStatement = (
  db: D1Database,
  usage: { id: string; userId: string; size: number; createdAt: string },
) =>
  db
    .prepare('INSERT INTO upload_usage (id, user_id, size_bytes, created_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(usage.id, usage.userId, usage.size, usage.createdAt);

export const getUpload = async (db: D1Database, id: string): Promise<UploadRecord | null> => {
  const row = await db
    .prepare(
      `SELECT id, user_id, status, media_key, multipart_upload_id, file_name, size_bytes, content_type,
              part_size, part_count, sniffed_type, title, description, is_public, duration, width,
              height, thumbnail_key, video_id, created_at
       FROM uploads WHERE id = ?1`,
    )
    .bind(id)
    .first<UploadRow>();
  return row ? toUpload(row) : null;
};

export const listUploadParts = async (db: D1Database, uploadId: string): Promise<PartRecord[]> => {
  const { results } = await db
    .prepare(
      `SELECT part_number, etag, size_bytes FROM upload_parts
       WHERE upload_id = ?1 ORDER BY part_number ASC`,
    )
    .bind(uploadId)
    .all<{ part_number: number; etag: string; size_bytes: number }>();
  return results.map((row) => ({ partNumber: row.part_number, etag: row.etag, size: row.size_bytes }));
};

/**
 * Records a part object storage has taken; a part sent again replaces the earlier one. Only an
 * upload still in progress takes parts.
 */
export const confirmUploadPart = async (
  db: D1Database,
  uploadId: string,
  part: PartRecord,
  now: string,
): Promise<void> => {
  await db.batch([
    db
      .prepare(
        `INSERT INTO upload_parts (upload_id, part_number, etag, size_bytes, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 FROM uploads WHERE id = ?1 AND status = 'uploading'
         ON CONFLICT (upload_id, part_number)
         DO UPDATE SET etag = excluded.etag, size_bytes = excluded.size_bytes, created_at = excluded.created_at`,
      )
      .bind(uploadId, part.partNumber, part.etag, part.size, now),
    db
      .prepare(`UPDATE uploads SET updated_at = ?2 WHERE id = ?1 AND status = 'uploading'`)
      .bind(uploadId, now),
  ]);
};

/** Forgets the recorded parts of an upload whose parts storage did not hold (resume sends them all). */
export const deleteUploadParts = async (db: D1Database, uploadId: string): Promise<void> => {
  await db.prepare('DELETE FROM upload_parts WHERE upload_id = ?1').bind(uploadId).run();
};

/** Marks an upload completed with the form's final values and drops its part list. */
export const completeUploadStatements = (
  db: D1Database,
  upload: UploadRecord,
  videoId: string,
  now: string,
) => [
  db
    .prepare(
      `UPDATE uploads SET status = 'completed', video_id = ?2, title = ?3, description = ?4,
                          is_public = ?5, thumbnail_key = ?6, updated_at = ?7
       WHERE id = ?1 AND status = 'uploading'`,
    )
    .bind(
      upload.id,
      videoId,
      upload.title,
      upload.description,
      upload.isPublic ? 1 : 0,
      upload.thumbnailKey,
      now,
    ),
  db.prepare('DELETE FROM upload_parts WHERE upload_id = ?1').bind(upload.id),
];

/** Forgets an aborted upload and its parts. */
export const deleteUpload = async (db: D1Database, uploadId: string): Promise<void> => {
  await db.batch([
    db.prepare('DELETE FROM upload_parts WHERE upload_id = ?1').bind(uploadId),
    db.prepare('DELETE FROM uploads WHERE id = ?1').bind(uploadId),
  ]);
};
