-- Honest LIVE (issue 13.6): a session is on air while its media arrives, not from Prepare to Stop.
-- Epoch ms until which the session counts as live without another segment: each segment the local
-- ingest stores for the session's stream key sets it to that segment's arrival plus 3 target
-- durations (at most 10 s); the encoder's #EXT-X-ENDLIST sets it to that moment. NULL until the
-- session's first segment: prepared, "Starting soon".
ALTER TABLE stream_sessions ADD COLUMN live_until INTEGER;
