-- The chat of every broadcast, kept for its replays (issue 24 §4): a room writes the lines it
-- accepts (viewers' messages and tips' system lines) while its stream is live, in one batch per
-- delivery tick; a moderator's delete marks the line. A replay shows the lines of its run's time
-- window, in step with the video. A room's own 50-line memory is for live joiners only.
CREATE TABLE chat_archive (
  id TEXT PRIMARY KEY,
  room TEXT NOT NULL,
  user_id TEXT NOT NULL,
  username TEXT NOT NULL,
  avatar TEXT NOT NULL,
  message TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX chat_archive_room_sent ON chat_archive (room, sent_at);
