-- The garden game, server-authoritative (issue 12, content §2.10). One table per kind replaces the
-- never-written JSON-attribute table of 0001: the rules (one plant per pot, a plant planted once,
-- uses up to max usage) are constraints and conditional writes, which JSON attributes cannot hold.
DROP TABLE garden_objects;

CREATE TABLE garden_pots (
  address TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  level INTEGER NOT NULL DEFAULT 1 CHECK (level >= 1),
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX garden_pots_owner ON garden_pots (owner, created_at DESC);

-- A plant is a seed until planted (pot_address, planted_at), grows while in its pot, and after its
-- harvest (harvested_at, pot freed) may evolve into a pet once (evolved_at). Growth is computed from
-- planted_at, base_grow_seconds and added_percent (items, completed views, the platform).
CREATE TABLE garden_plants (
  address TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  rarity INTEGER NOT NULL CHECK (rarity BETWEEN 1 AND 5),
  base_grow_seconds INTEGER NOT NULL CHECK (base_grow_seconds >= 1),
  added_percent REAL NOT NULL DEFAULT 0 CHECK (added_percent >= 0),
  pot_address TEXT REFERENCES garden_pots (address),
  planted_at TEXT,
  harvested_at TEXT,
  evolved_at TEXT,
  -- The plant whose harvest gave this seed; with (from_plant, slot) unique, a harvest pays once.
  from_plant TEXT,
  slot INTEGER,
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX garden_plants_owner ON garden_plants (owner, created_at DESC);
-- One plant per pot: of two concurrent seeds into one pot, the second write fails here.
CREATE UNIQUE INDEX garden_plants_pot ON garden_plants (pot_address) WHERE pot_address IS NOT NULL;
CREATE UNIQUE INDEX garden_plants_reward ON garden_plants (from_plant, slot) WHERE from_plant IS NOT NULL;

CREATE TABLE garden_items (
  address TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  usage_type INTEGER NOT NULL,
  effect_value INTEGER NOT NULL CHECK (effect_value BETWEEN 1 AND 100),
  max_usage INTEGER NOT NULL CHECK (max_usage >= 1),
  uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0),
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 0),
  created_at TEXT NOT NULL,
  CHECK (uses <= max_usage)
);
CREATE INDEX garden_items_owner ON garden_items (owner, created_at DESC);

CREATE TABLE garden_pets (
  address TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  rarity INTEGER NOT NULL CHECK (rarity BETWEEN 1 AND 5),
  from_plant TEXT UNIQUE,
  quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 0),
  created_at TEXT NOT NULL
);
CREATE INDEX garden_pets_owner ON garden_pets (owner, created_at DESC);

-- One starter kit per owner: the grant's inserts run only while this row is absent.
CREATE TABLE garden_grants (
  owner TEXT PRIMARY KEY,
  granted_at TEXT NOT NULL
);

-- Completed short views that grew an owner's garden: one per view, at most the daily cap per day.
CREATE TABLE garden_view_growth (
  view_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  day TEXT NOT NULL,
  token TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX garden_view_growth_day ON garden_view_growth (owner, day);

-- Addresses allowed the platform-only garden calls (catalogue and tuning). Added by an operator
-- with `wrangler d1 execute`; no route writes it.
CREATE TABLE garden_operators (
  address TEXT PRIMARY KEY,
  added_at TEXT NOT NULL
);
