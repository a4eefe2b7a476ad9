-- The local HLS ingest (DESIGN.md §7): what the encoder has pushed for each stream key. Segment bytes
-- live in R2 under live/<playback id>/<object name>; these rows say which ones make the live window.

-- One row per stream key that has pushed at least once. A stream is live while it has not ended and
-- its last segment arrived within 3 target durations.
CREATE TABLE live_ingest (
  stream_key_id TEXT PRIMARY KEY REFERENCES stream_keys (id) ON DELETE CASCADE,
  target_duration INTEGER NOT NULL DEFAULT 2,    -- seconds, from the encoder's #EXT-X-TARGETDURATION
  last_segment_at INTEGER NOT NULL DEFAULT 0,    -- epoch ms of the last segment received
  run_started_at INTEGER NOT NULL DEFAULT 0,     -- epoch ms of the first segment after being offline
  ended INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)), -- 1 after #EXT-X-ENDLIST
  next_seq INTEGER NOT NULL DEFAULT 0,           -- our media sequence: never reused, never skipped
  discontinuity_seq INTEGER NOT NULL DEFAULT 0,  -- bumped when the encoder restarts
  -- The encoder's latest playlist as [{"n": name, "d": seconds}]: ffmpeg does not wait for one
  -- upload's answer before the next, so a segment may land after the playlist that lists it.
  listed TEXT NOT NULL DEFAULT '[]'
);

-- The segments still kept (the live window plus a margin), in our own media sequence.
CREATE TABLE live_segments (
  stream_key_id TEXT NOT NULL REFERENCES stream_keys (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,                 -- the encoder's file name (index12.ts), matched by its playlist
  object_name TEXT NOT NULL,          -- the R2 object under live/<playback id>/ and the playlist URI
  duration REAL,                      -- seconds from the encoder's playlist; NULL until it lists it
  discontinuity_seq INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  received_at INTEGER NOT NULL,       -- epoch ms
  PRIMARY KEY (stream_key_id, seq)
);
CREATE INDEX live_segments_name ON live_segments (stream_key_id, name, seq DESC);
