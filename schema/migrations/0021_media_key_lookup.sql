-- Private media (issue 23.4): /media/<key> asks which videos use a key (as their file, poster frame
-- or captions) before answering, so a private video's objects go only to its owner. These indexes
-- make that one lookup per media request; video_posters (key) has its index since 0017.
CREATE INDEX videos_media_key ON videos (media_key);
CREATE INDEX videos_thumbnail_key ON videos (thumbnail_key);
CREATE INDEX videos_captions_key ON videos (captions_key);
