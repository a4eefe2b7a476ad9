-- Reports to the platform (issue 24 §1): a registered viewer reports a video, a comment or a chat
-- message with a reason; operators read and mark them (docs/operators.md). The author and a copy of
-- the text are kept because a chat message lives only in its room's last 50 and a comment may be
-- deleted: what was reported must stay readable. One report per reporter per thing.
CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('video', 'comment', 'chat_message')),
  target_id TEXT NOT NULL,
  -- The chat room (stream key public id) of a chat message; NULL for the others.
  room TEXT,
  author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  excerpt TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'reviewed')),
  created_at TEXT NOT NULL,
  UNIQUE (reporter_id, kind, target_id)
);
CREATE INDEX reports_by_status ON reports (status, created_at DESC);
