-- View tracking (content spec §4, §7): who may update a view, and per-viewer rate limits.

-- The viewer who started a view: 'user:<id>' when signed in, else 'anon:' + sha-256 of the
-- client IP and the player's session id. Only that viewer may update it. Rows written before this
-- column (the seed) keep '' and can no longer be updated by anyone.
ALTER TABLE views ADD COLUMN viewer_key TEXT NOT NULL DEFAULT '';

-- Fixed one-minute windows of view calls per viewer and action, one row per bucket. A call bumps
-- its row with one UPSERT … RETURNING, so concurrent calls never lose a count; a row from an older
-- window restarts at 1. Rows are small and bounded by the number of distinct viewers.
CREATE TABLE view_rate_limits (
  bucket TEXT PRIMARY KEY,          -- '<action>:<viewer>', e.g. 'create:user:<id>', 'update:ip:<ip>'
  window_start INTEGER NOT NULL,    -- unix minute of the current window
  hits INTEGER NOT NULL
);
-- Lets the limiter drop rows of windows long past without scanning the table.
CREATE INDEX view_rate_limits_window ON view_rate_limits (window_start);
