-- Poster sizes (issue 20 §1): the poster frame drawn at two or three card widths in the browser,
-- each a content-addressed WebP or JPEG in R2. A video has at most one size per width; the sizes go
-- with their video. The key index lets a delete tell whether another video still uses an object.
CREATE TABLE video_posters (
  video_id TEXT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  width INTEGER NOT NULL CHECK (width > 0),
  key TEXT NOT NULL,
  PRIMARY KEY (video_id, width)
) WITHOUT ROWID;

CREATE INDEX video_posters_key ON video_posters (key);
