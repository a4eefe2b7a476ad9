-- Captions (issue 13.1): a creator may attach one WebVTT file to a video. The R2 key of that file,
-- NULL when the video has none; replacing or removing it deletes the old object.
ALTER TABLE videos ADD COLUMN captions_key TEXT;
