-- The live studio's dashboard (issue 24.3): the most viewers a session has had at once. The chat
-- room writes viewer_count every ~2 s and keeps this as the running maximum in the same UPDATE.
ALTER TABLE stream_sessions ADD COLUMN peak_viewer_count INTEGER NOT NULL DEFAULT 0 CHECK (peak_viewer_count >= 0);
