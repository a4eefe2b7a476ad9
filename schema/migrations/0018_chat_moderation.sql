-- A creator's chat moderation (issue 24 §1), for all their streams: the rules their rooms apply to
-- each send (absent row: the defaults of schema/chat-moderation.ts), the moderators they appoint,
-- the sanctions on users in their chats, and the log of who did what to whom. The worker writes
-- these; each room reads its creator's rows when it starts and whenever the worker says they changed.
CREATE TABLE chat_rules (
  creator_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  slow_mode_seconds INTEGER NOT NULL DEFAULT 0 CHECK (slow_mode_seconds >= 0),
  -- NULL: everyone may chat; N: only users following the creator for N minutes or more.
  followers_only_minutes INTEGER CHECK (followers_only_minutes >= 0),
  -- A JSON array of strings.
  blocked_terms TEXT NOT NULL DEFAULT '[]',
  links_allowed INTEGER NOT NULL DEFAULT 0 CHECK (links_allowed IN (0, 1)),
  updated_at TEXT NOT NULL
);

CREATE TABLE chat_moderators (
  creator_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  moderator_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (creator_id, moderator_id),
  CHECK (creator_id <> moderator_id)
);

-- One sanction per user per creator: a ban (until NULL, lifted by deleting the row) or a timeout
-- until an instant in epoch ms (the rooms compare it with their clock; an expired row is harmless).
CREATE TABLE chat_sanctions (
  creator_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('ban', 'timeout')),
  until_ms INTEGER,
  created_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (creator_id, user_id),
  CHECK ((kind = 'ban') = (until_ms IS NULL)),
  CHECK (creator_id <> user_id)
);

CREATE TABLE moderation_log (
  id TEXT PRIMARY KEY,
  creator_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action TEXT NOT NULL,
  target_user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX moderation_log_creator ON moderation_log (creator_id, created_at DESC);
