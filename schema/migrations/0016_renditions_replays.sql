-- Renditions (issue 13.9) and replays (issue 13.7) at the local ingest.

-- Each rendition (variant) an encoder pushes: ffmpeg's `-var_stream_map ... name:720p` names the
-- variant playlist 720p.m3u8 and its segments 720p<n>.ts. A single-rendition push is the variant
-- "index". Media and discontinuity sequences are per variant (each variant playlist is its own
-- HLS media playlist); `listed` is that playlist's latest listing, `ended` its #EXT-X-ENDLIST.
CREATE TABLE live_variants (
  stream_key_id TEXT NOT NULL REFERENCES stream_keys (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  next_seq INTEGER NOT NULL DEFAULT 0,
  discontinuity_seq INTEGER NOT NULL DEFAULT 0,
  listed TEXT NOT NULL DEFAULT '[]',
  ended INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)),
  PRIMARY KEY (stream_key_id, name)
);

-- The current run: its id (a replay's id is its run's), the session it is on air for, the
-- encoder's master playlist as JSON [{name, bandwidth, resolution, codecs}] (NULL: one rendition),
-- when it arrived (one that arrived after the last segment is the next run's), and the run already settled into a replay (or found to need none), so settling is idempotent.
ALTER TABLE live_ingest ADD COLUMN run_id TEXT;
ALTER TABLE live_ingest ADD COLUMN session_id TEXT;
ALTER TABLE live_ingest ADD COLUMN master TEXT;
ALTER TABLE live_ingest ADD COLUMN master_at INTEGER NOT NULL DEFAULT 0;  -- epoch ms
ALTER TABLE live_ingest ADD COLUMN settled_run_id TEXT;

-- Which variant and run a segment belongs to, and its sequence number in its variant.
ALTER TABLE live_segments ADD COLUMN variant TEXT NOT NULL DEFAULT 'index';
ALTER TABLE live_segments ADD COLUMN variant_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE live_segments ADD COLUMN run_id TEXT;
CREATE INDEX live_segments_run ON live_segments (run_id, variant, seq);
CREATE INDEX live_segments_variant ON live_segments (stream_key_id, variant, seq DESC);

-- A past broadcast: the segments of run `id` (live_segments.run_id) played as VOD. `deleted_at`
-- hides it at once while its R2 objects are being removed, so a failed delete never leaves a
-- half-deleted replay listed; the owner's retry finishes it.
CREATE TABLE replays (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES stream_sessions (id) ON DELETE CASCADE,
  stream_key_id TEXT NOT NULL REFERENCES stream_keys (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  master TEXT,
  started_at INTEGER NOT NULL,  -- epoch ms
  ended_at INTEGER NOT NULL,    -- epoch ms
  target_duration INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX replays_key ON replays (stream_key_id, ended_at DESC);
