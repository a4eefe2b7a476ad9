-- Full-text search over creators (content spec §2.6, §7): username, full name, description, tags.
--
-- An external-content FTS5 table: the text is stored once, in `users`, and this index follows it
-- through the triggers below (rowid = users.rowid). `unicode61 remove_diacritics 2` folds case and
-- accents ('José' is found by 'jose'); `_`, `-` and JSON punctuation separate tokens, so
-- 'nova_plays' is found by 'nova' or 'plays' and the tags column (a JSON array) indexes each tag.
-- Prefix indexes of 2 and 3 characters make type-ahead queries ('no*', 'nov*') index lookups.
--
-- If the index ever drifts from `users` (for instance after a VACUUM renumbers rowids, or a
-- `wrangler d1 export`, which cannot carry virtual tables, and re-import), repair it with
--   INSERT INTO users_fts (users_fts) VALUES ('rebuild');
CREATE VIRTUAL TABLE users_fts USING fts5(
  username,
  full_name,
  description,
  tags,
  content = 'users',
  content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

CREATE TRIGGER users_fts_after_insert AFTER INSERT ON users BEGIN
  INSERT INTO users_fts (rowid, username, full_name, description, tags)
  VALUES (new.rowid, new.username, new.full_name, new.description, new.tags);
END;

CREATE TRIGGER users_fts_after_delete AFTER DELETE ON users BEGIN
  INSERT INTO users_fts (users_fts, rowid, username, full_name, description, tags)
  VALUES ('delete', old.rowid, old.username, old.full_name, old.description, old.tags);
END;

-- Only the indexed columns: follower counts change often and must not re-index anyone.
CREATE TRIGGER users_fts_after_update AFTER UPDATE OF username, full_name, description, tags ON users BEGIN
  INSERT INTO users_fts (users_fts, rowid, username, full_name, description, tags)
  VALUES ('delete', old.rowid, old.username, old.full_name, old.description, old.tags);
  INSERT INTO users_fts (rowid, username, full_name, description, tags)
  VALUES (new.rowid, new.username, new.full_name, new.description, new.tags);
END;

-- Users who signed up before this migration.
INSERT INTO users_fts (users_fts) VALUES ('rebuild');
