-- Comments on a creator's own content (issue 24 §2). A comment containing one of the creator's
-- blocked terms (chat_rules.blocked_terms, the same list as their chat) is held: kept for its author
-- and for the creator and their moderators, left out of the public list and of videos.comments until
-- one of them approves it. One top-level comment per video may be pinned (shown first); pinning
-- another clears the first in the same batch, and the unique index makes two pins impossible.
-- Numbered 0022: other branches of issue 24 may land 0021.
ALTER TABLE comments ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1));
ALTER TABLE comments ADD COLUMN pinned_at TEXT;
CREATE UNIQUE INDEX comments_pinned ON comments (video_id) WHERE pinned_at IS NOT NULL;
CREATE INDEX comments_held ON comments (video_id, created_at) WHERE held = 1;
