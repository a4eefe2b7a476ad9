-- Counts that cannot be inflated (issue 23 §3).

-- One view per viewer per item per 30 minutes: starting a view looks for the viewer's latest view
-- of the item through this index. The viewer key is 'user:<id>', or for a visitor 'visitor:' + an
-- HMAC of IP and User-Agent under a server secret (local_secrets), never read back.
CREATE INDEX views_viewer_content ON views (viewer_key, content_type, content_id, created_at DESC);

-- What each upload took from its owner's daily byte quota: a multipart upload at its declared size
-- when it opens, a one-request upload at its size when stored. Nothing deletes a row when the upload
-- is aborted or its video deleted, so neither gives bytes back; rows older than a day no longer
-- count. Leaves with its user.
CREATE TABLE upload_usage (
  id TEXT PRIMARY KEY,                 -- the multipart upload's id, or the one-request upload's video id
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  created_at TEXT NOT NULL
);
CREATE INDEX upload_usage_user_created ON upload_usage (user_id, created_at);

-- The last day's uploads, counted as the quota counted them until now.
INSERT INTO upload_usage (id, user_id, size_bytes, created_at)
  SELECT id, user_id, size_bytes, created_at FROM uploads
  WHERE created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day');
INSERT INTO upload_usage (id, user_id, size_bytes, created_at)
  SELECT v.id, v.user_id, v.size_bytes, v.created_at FROM videos v
  WHERE v.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day') AND v.size_bytes > 0
    AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.video_id = v.id);
