-- WebRTC publishing (issue 25): where a stream key's WHIP publishing goes. With Cloudflare Stream it
-- is the live input's webRTC.url, whose path is a secret of its own (anyone holding the URL can
-- broadcast), so it is answered to the key's owner only, as secret_key is. Null: none (Livepeer, and
-- keys made before this column).
ALTER TABLE stream_keys ADD COLUMN whip_url TEXT;
