-- Reel data model: accounts, content, engagement, views, live, money, garden.
-- Times are ISO-8601 UTC text; money is INTEGER base units (1e-8); ids are UUIDv7 text.

CREATE TABLE categories (
  name TEXT PRIMARY KEY,
  sub_categories TEXT NOT NULL DEFAULT '[]', -- JSON array of names
  position INTEGER NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  full_name TEXT NOT NULL,
  email TEXT NOT NULL,
  description TEXT NOT NULL,
  avatar TEXT NOT NULL,
  banner TEXT NOT NULL DEFAULT '',
  aptos_address TEXT NOT NULL,
  category TEXT NOT NULL,
  sub_category TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',   -- JSON array
  social TEXT NOT NULL DEFAULT '{}', -- JSON object keyed by social key
  followers INTEGER NOT NULL DEFAULT 0 CHECK (followers >= 0),
  following INTEGER NOT NULL DEFAULT 0 CHECK (following >= 0),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_username ON users (username COLLATE NOCASE);
CREATE UNIQUE INDEX users_address ON users (aptos_address);
CREATE INDEX users_followers ON users (followers DESC, created_at);
CREATE INDEX users_category ON users (category, sub_category);

-- Signed-in sessions behind the HttpOnly cookie (DESIGN.md §4). The id is a hash of the cookie.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('wallet', 'keyless')),
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX sessions_address ON sessions (address);

CREATE TABLE auth_nonces (
  nonce TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE videos (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('video', 'short')),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  media_key TEXT NOT NULL,     -- R2 key of the media file
  thumbnail_key TEXT,          -- R2 key of the poster frame
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL DEFAULT 0,
  duration INTEGER NOT NULL DEFAULT 0, -- whole seconds
  width INTEGER NOT NULL DEFAULT 0,
  height INTEGER NOT NULL DEFAULT 0,
  is_public INTEGER NOT NULL DEFAULT 1,
  likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
  comments INTEGER NOT NULL DEFAULT 0 CHECK (comments >= 0),
  shares INTEGER NOT NULL DEFAULT 0 CHECK (shares >= 0),
  bookmarks INTEGER NOT NULL DEFAULT 0 CHECK (bookmarks >= 0),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX videos_type_created ON videos (type, created_at DESC, id);
CREATE INDEX videos_user_type ON videos (user_id, type, created_at DESC);

CREATE TABLE likes (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX likes_video ON likes (video_id);
CREATE INDEX likes_user_created ON likes (user_id, created_at DESC);

CREATE TABLE bookmarks (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id TEXT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX bookmarks_user_created ON bookmarks (user_id, created_at DESC);

CREATE TABLE comments (
  id TEXT PRIMARY KEY,
  video_id TEXT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES comments (id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT
);
CREATE INDEX comments_video_created ON comments (video_id, created_at DESC);
CREATE INDEX comments_parent ON comments (parent_id);

CREATE TABLE shares (
  id TEXT PRIMARY KEY,
  video_id TEXT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform TEXT NOT NULL,
  share_url TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX shares_video ON shares (video_id, created_at DESC);
CREATE INDEX shares_user ON shares (user_id, created_at DESC);

CREATE TABLE follows (
  follower_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  following_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (follower_id, following_id),
  CHECK (follower_id <> following_id)
);
CREATE INDEX follows_following ON follows (following_id, created_at DESC);

CREATE TABLE views (
  id TEXT PRIMARY KEY,
  content_type TEXT NOT NULL CHECK (content_type IN ('videos', 'shorts', 'streams')),
  content_id TEXT NOT NULL,
  user_id TEXT,
  session_id TEXT NOT NULL,
  ip_address TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT '',
  watch_duration REAL NOT NULL DEFAULT 0,
  is_completed INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX views_content ON views (content_type, content_id, created_at DESC);
CREATE INDEX views_user_created ON views (user_id, created_at DESC);

CREATE TABLE stream_keys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  secret_key TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  playback_id TEXT NOT NULL,
  playback_url TEXT NOT NULL DEFAULT '',
  livepeer_stream_id TEXT,
  last_used TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX stream_keys_user ON stream_keys (user_id); -- one key per account
CREATE UNIQUE INDEX stream_keys_secret ON stream_keys (secret_key);
CREATE UNIQUE INDEX stream_keys_playback ON stream_keys (playback_id);

CREATE TABLE stream_sessions (
  id TEXT PRIMARY KEY,
  stream_key_id TEXT NOT NULL REFERENCES stream_keys (id) ON DELETE CASCADE,
  title TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('prepared', 'live', 'ended')),
  viewer_count INTEGER NOT NULL DEFAULT 0 CHECK (viewer_count >= 0),
  stats TEXT NOT NULL DEFAULT '{}',
  started_at TEXT,
  ended_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX stream_sessions_key_created ON stream_sessions (stream_key_id, created_at DESC);
CREATE INDEX stream_sessions_status ON stream_sessions (status, started_at DESC);

-- REEL ledger (DESIGN.md §5): every transaction's entries sum to zero; balances never negative.
CREATE TABLE ledger_accounts (
  id TEXT PRIMARY KEY,          -- 'user:<userId>', 'platform:treasury', 'platform:deposits', ...
  user_id TEXT REFERENCES users (id),
  created_at TEXT NOT NULL
);

CREATE TABLE balances (
  account_id TEXT PRIMARY KEY REFERENCES ledger_accounts (id),
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0)
);

CREATE TABLE ledger_transactions (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,   -- position in the hash chain
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'tip', 'withdraw', 'withdraw_reversal', 'fee', 'reward')),
  cause_id TEXT NOT NULL,        -- the verified cause: deposit tx hash, tip id, withdrawal id
  idempotency_key TEXT UNIQUE,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  UNIQUE (kind, cause_id)
);

CREATE TABLE ledger_entries (
  transaction_id TEXT NOT NULL REFERENCES ledger_transactions (id),
  account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
  amount INTEGER NOT NULL CHECK (amount <> 0), -- signed base units
  PRIMARY KEY (transaction_id, account_id)
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id);

CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  amount INTEGER NOT NULL CHECK (amount >= 0), -- REEL base units
  type TEXT NOT NULL CHECK (type IN ('deposit', 'withdraw', 'transfer', 'reward', 'fee', 'other')),
  tx_hash TEXT,
  user_addr TEXT NOT NULL,
  referral_code TEXT,
  price INTEGER,                               -- APT octas paid, deposits only
  status TEXT NOT NULL CHECK (status IN ('completed', 'confirmed', 'pending', 'failed')),
  created_at TEXT NOT NULL
);
CREATE INDEX transactions_user_created ON transactions (user_id, created_at DESC);
CREATE UNIQUE INDEX transactions_hash ON transactions (tx_hash) WHERE tx_hash IS NOT NULL;

CREATE TABLE deposits (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  user_addr TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0), -- REEL base units credited
  price INTEGER NOT NULL CHECK (price > 0),   -- APT octas received
  rate INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  referral_code TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited', 'rejected')),
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX deposits_hash ON deposits (tx_hash); -- a hash credits at most once
CREATE INDEX deposits_user_created ON deposits (user_id, created_at DESC);
CREATE INDEX deposits_status_created ON deposits (status, created_at DESC);

CREATE TABLE tips (
  id TEXT PRIMARY KEY,
  tipper_id TEXT NOT NULL REFERENCES users (id),
  receiver_id TEXT NOT NULL REFERENCES users (id),
  amount INTEGER NOT NULL CHECK (amount > 0), -- REEL base units
  message TEXT NOT NULL DEFAULT '',
  tip_type TEXT NOT NULL CHECK (tip_type IN ('general', 'stream', 'video', 'short')),
  stream_session_id TEXT REFERENCES stream_sessions (id),
  video_id TEXT REFERENCES videos (id),
  short_id TEXT REFERENCES videos (id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'confirmed', 'failed')),
  tx_hash TEXT,
  idempotency_key TEXT UNIQUE,
  created_at TEXT NOT NULL,
  CHECK (tipper_id <> receiver_id)
);
CREATE INDEX tips_tipper_created ON tips (tipper_id, created_at DESC);
CREATE INDEX tips_receiver_created ON tips (receiver_id, created_at DESC);
CREATE INDEX tips_stream ON tips (stream_session_id, created_at DESC);
CREATE INDEX tips_video ON tips (video_id, created_at DESC);
CREATE INDEX tips_short ON tips (short_id, created_at DESC);
CREATE INDEX tips_created ON tips (created_at DESC);
CREATE UNIQUE INDEX tips_hash ON tips (tx_hash) WHERE tx_hash IS NOT NULL;

-- Garden game objects, reached through the relayer (content §2.10).
CREATE TABLE garden_objects (
  address TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('pot', 'plant', 'item', 'pet')),
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  attributes TEXT NOT NULL DEFAULT '{}', -- JSON, per kind (rarity, growth stage, usage type, ...)
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX garden_objects_owner ON garden_objects (owner, kind, created_at DESC);

-- Reference data: the category tree the registration wizard offers (default Gaming > Valorant).
INSERT INTO categories (name, sub_categories, position) VALUES
  ('Gaming', '["Valorant","League of Legends","Minecraft","Fortnite","Counter-Strike 2","Other"]', 1),
  ('Music', '["Hip Hop","Pop","Electronic","Rock","Lo-fi","Other"]', 2),
  ('Education', '["Programming","Science","Languages","Finance","History","Other"]', 3),
  ('Entertainment', '["Comedy","Vlogs","Reactions","Podcasts","Other"]', 4),
  ('Sports', '["Football","Basketball","Esports","Fitness","Other"]', 5),
  ('Technology', '["Blockchain","AI","Gadgets","Reviews","Other"]', 6),
  ('Lifestyle', '["Travel","Food","Fashion","Art","Other"]', 7),
  ('Other', '["Other"]', 8);
