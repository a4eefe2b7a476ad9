-- Resumable video uploads (DESIGN.md §6): an R2 multipart upload and the parts it has confirmed,
-- so a creator on a flaky network resumes from the last confirmed part instead of starting over.

CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('uploading', 'completed')),
  media_key TEXT NOT NULL,             -- R2 key the parts complete into
  multipart_upload_id TEXT NOT NULL,   -- R2's id of the multipart upload
  file_name TEXT NOT NULL,
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  content_type TEXT NOT NULL,          -- the stored object's type, from the name or declared type
  part_size INTEGER NOT NULL CHECK (part_size > 0),
  part_count INTEGER NOT NULL CHECK (part_count > 0),
  sniffed_type TEXT,                   -- the container part 1's bytes announced; NULL until then
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  is_public INTEGER NOT NULL DEFAULT 1,
  duration INTEGER NOT NULL DEFAULT 0, -- whole seconds
  width INTEGER NOT NULL DEFAULT 0,
  height INTEGER NOT NULL DEFAULT 0,
  thumbnail_key TEXT,                  -- R2 key of the poster frame
  video_id TEXT,                       -- the videos row, once completed
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX uploads_user_created ON uploads (user_id, created_at DESC);

CREATE TABLE upload_parts (
  upload_id TEXT NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
  part_number INTEGER NOT NULL CHECK (part_number >= 1),
  etag TEXT NOT NULL,                  -- R2's entity tag of the part, needed to complete
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
  created_at TEXT NOT NULL,
  PRIMARY KEY (upload_id, part_number)
);
