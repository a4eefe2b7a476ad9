import type { GardenKind } from '../../../schema/garden';

/**
 * Writes of the garden. Each carries its own preconditions in its WHERE clause (owner, state), so a
 * race between two calls changes the row once and the loser's write matches nothing; the service
 * reads the row again to say why (403, 404, 409). Multi-statement writes are one `db.batch`.
 */

export type NewPot = { address: string; owner: string; name: string; createdAt: string };
export type NewPlant = {
  address: string;
  owner: string;
  name: string;
  rarity: number;
  baseGrowSeconds: number;
  createdAt: string;
  fromPlant?: string;
  slot?: number;
};
export type NewItem = {
  address: string;
  owner: string;
  name: string;
  usageType: number;
  effectValue: number;
  maxUsage: number;
  createdAt: string;
};
export type NewPet = { address: string; owner: string; name: string; rarity: number; createdAt: string };

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint/.test(error.message);

/** Runs a batch; a UNIQUE violation (the race's loser) answers false instead of throwing. */
const batchUnlessTaken = async (db: D1Database, statements: D1PreparedStatement[]) => {
  try {
    return await db.batch(statements);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
};

export const insertPotStatement = (db: D1Database, pot: NewPot, guard = '1') =>
  db
    .prepare(
      `INSERT INTO garden_pots (address, owner, name, created_at) SELECT ?1, ?2, ?3, ?4 WHERE ${guard}`,
    )
    .bind(pot.address, pot.owner, pot.name, pot.createdAt);

export const insertPlantStatement = (db: D1Database, plant: NewPlant, guard = '1') =>
  db
    .prepare(
      `INSERT INTO garden_plants (address, owner, name, rarity, base_grow_seconds, from_plant, slot, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ${guard}`,
    )
    .bind(
      plant.address,
      plant.owner,
      plant.name,
      plant.rarity,
      plant.baseGrowSeconds,
      plant.fromPlant ?? null,
      plant.slot ?? null,
      plant.createdAt,
    );

export const insertItemStatement = (db: D1Database, item: NewItem, guard = '1') =>
  db
    .prepare(
      `INSERT INTO garden_items (address, owner, name, usage_type, effect_value, max_usage, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${guard}`,
    )
    .bind(
      item.address,
      item.owner,
      item.name,
      item.usageType,
      item.effectValue,
      item.maxUsage,
      item.createdAt,
    );

export const insertPetStatement = (db: D1Database, pet: NewPet) =>
  db
    .prepare('INSERT INTO garden_pets (address, owner, name, rarity, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(pet.address, pet.owner, pet.name, pet.rarity, pet.createdAt);

/**
 * Grants the starter kit once per owner: every insert runs only while the owner has no grant row,
 * and the grant row is written last in the same transaction. Answers whether this call granted it.
 */
export const insertStarterKit = async (
  db: D1Database,
  owner: string,
  kit: { pots: NewPot[]; plants: NewPlant[]; items: NewItem[] },
  now: string,
): Promise<boolean> => {
  // Every insert statement binds the owner as ?2, so its guard can name it.
  const notGranted = (n: number) => `NOT EXISTS (SELECT 1 FROM garden_grants WHERE owner = ?${n})`;
  const results = await batchUnlessTaken(db, [
    ...kit.pots.map((pot) => insertPotStatement(db, pot, notGranted(2))),
    ...kit.plants.map((plant) => insertPlantStatement(db, plant, notGranted(2))),
    ...kit.items.map((item) => insertItemStatement(db, item, notGranted(2))),
    db
      .prepare('INSERT INTO garden_grants (owner, granted_at) VALUES (?1, ?2) ON CONFLICT (owner) DO NOTHING')
      .bind(owner, now),
  ]);
  return (results?.at(-1)?.meta.changes ?? 0) === 1;
};

/** Puts an unplanted seed into an empty pot, both the owner's. Answers whether it was planted. */
export const seedPlant = async (
  db: D1Database,
  input: { owner: string; potAddr: string; plantAddr: string; now: string },
): Promise<boolean> => {
  const results = await batchUnlessTaken(db, [
    db
      .prepare(
        `UPDATE garden_plants SET pot_address = ?2, planted_at = ?4
         WHERE address = ?1 AND owner = ?3 AND quantity > 0 AND pot_address IS NULL AND planted_at IS NULL
           AND EXISTS (SELECT 1 FROM garden_pots WHERE address = ?2 AND owner = ?3 AND quantity > 0)
           AND NOT EXISTS (SELECT 1 FROM garden_plants WHERE pot_address = ?2)`,
      )
      .bind(input.plantAddr, input.potAddr, input.owner, input.now),
  ]);
  return (results?.[0]?.meta.changes ?? 0) === 1;
};

/**
 * Harvests a planted plant: frees its pot, marks it harvested (stage 5) and gives the reward seeds,
 * which are inserted only while the plant is still unharvested (and are unique per plant and slot),
 * so a harvest pays once. Answers whether this call harvested it.
 */
export const harvestPlant = async (
  db: D1Database,
  input: { owner: string; plantAddr: string; now: string; seeds: NewPlant[] },
): Promise<boolean> => {
  const growing = `EXISTS (SELECT 1 FROM garden_plants WHERE address = ?9 AND owner = ?2
    AND pot_address IS NOT NULL AND harvested_at IS NULL)`;
  const results = await batchUnlessTaken(db, [
    ...input.seeds.map((seed) =>
      db
        .prepare(
          `INSERT INTO garden_plants (address, owner, name, rarity, base_grow_seconds, from_plant, slot, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ${growing}`,
        )
        .bind(
          seed.address,
          seed.owner,
          seed.name,
          seed.rarity,
          seed.baseGrowSeconds,
          seed.fromPlant ?? null,
          seed.slot ?? null,
          seed.createdAt,
          input.plantAddr,
        ),
    ),
    db
      .prepare(
        `UPDATE garden_plants SET pot_address = NULL, harvested_at = ?3
         WHERE address = ?1 AND owner = ?2 AND pot_address IS NOT NULL AND harvested_at IS NULL`,
      )
      .bind(input.plantAddr, input.owner, input.now),
  ]);
  return (results?.at(-1)?.meta.changes ?? 0) === 1;
};

/** Moves a growing plant from one of the owner's pots to another, empty one. */
export const transferPlant = async (
  db: D1Database,
  input: { owner: string; plantAddr: string; potFromAddr: string; potToAddr: string },
): Promise<boolean> => {
  const results = await batchUnlessTaken(db, [
    db
      .prepare(
        `UPDATE garden_plants SET pot_address = ?3
         WHERE address = ?1 AND owner = ?4 AND pot_address = ?2 AND harvested_at IS NULL
           AND EXISTS (SELECT 1 FROM garden_pots WHERE address = ?3 AND owner = ?4 AND quantity > 0)
           AND NOT EXISTS (SELECT 1 FROM garden_plants WHERE pot_address = ?3)`,
      )
      .bind(input.plantAddr, input.potFromAddr, input.potToAddr, input.owner),
  ]);
  return (results?.[0]?.meta.changes ?? 0) === 1;
};

export const upgradePot = async (
  db: D1Database,
  input: { owner: string; potAddr: string; maxLevel: number },
) =>
  (
    await db
      .prepare('UPDATE garden_pots SET level = level + 1 WHERE address = ?1 AND owner = ?2 AND level < ?3')
      .bind(input.potAddr, input.owner, input.maxLevel)
      .run()
  ).meta.changes === 1;

/**
 * Spends one use of a grow-time item on one of the owner's growing plants: the plant gains the
 * item's effect value in percent. Both statements carry the same condition, so both or neither change.
 */
export const useReduceGrowTime = async (
  db: D1Database,
  input: { owner: string; itemAddr: string; plantAddr: string; usageType: number },
): Promise<boolean> => {
  const usable = `EXISTS (SELECT 1 FROM garden_items WHERE address = ?1 AND owner = ?3 AND usage_type = ?4
      AND uses < max_usage AND quantity > 0)
    AND EXISTS (SELECT 1 FROM garden_plants WHERE address = ?2 AND owner = ?3
      AND pot_address IS NOT NULL AND harvested_at IS NULL)`;
  const [plant] = await db.batch([
    db
      .prepare(
        `UPDATE garden_plants
         SET added_percent = added_percent + (SELECT effect_value FROM garden_items WHERE address = ?1)
         WHERE address = ?2 AND ${usable}`,
      )
      .bind(input.itemAddr, input.plantAddr, input.owner, input.usageType),
    db
      .prepare(`UPDATE garden_items SET uses = uses + 1 WHERE address = ?1 AND ${usable}`)
      .bind(input.itemAddr, input.plantAddr, input.owner, input.usageType),
  ]);
  return (plant?.meta.changes ?? 0) === 1;
};

/** Turns a harvested plant into a pet once: the pet row is unique per plant, the plant is spent. */
export const evolvePlant = async (
  db: D1Database,
  input: { owner: string; plantAddr: string; petAddr: string; now: string },
): Promise<boolean> => {
  const results = await batchUnlessTaken(db, [
    db
      .prepare(
        `INSERT INTO garden_pets (address, owner, name, rarity, from_plant, created_at)
         SELECT ?3, owner, name || ' Pet', rarity, address, ?4 FROM garden_plants
         WHERE address = ?1 AND owner = ?2 AND harvested_at IS NOT NULL AND evolved_at IS NULL AND quantity > 0`,
      )
      .bind(input.plantAddr, input.owner, input.petAddr, input.now),
    db
      .prepare(
        `UPDATE garden_plants SET evolved_at = ?3, quantity = 0
         WHERE address = ?1 AND owner = ?2 AND harvested_at IS NOT NULL AND evolved_at IS NULL`,
      )
      .bind(input.plantAddr, input.owner, input.now),
  ]);
  return (results?.[0]?.meta.changes ?? 0) === 1;
};

const TABLES: Record<GardenKind, string> = {
  pot: 'garden_pots',
  plant: 'garden_plants',
  item: 'garden_items',
  pet: 'garden_pets',
};

/**
 * Lowers an object's quantity (burn: to 0 unless an amount is given). A planted plant and a pot
 * holding one are kept: harvest or move the plant first. Answers whether it changed.
 */
export const decreaseQuantity = async (
  db: D1Database,
  kind: GardenKind,
  input: { owner: string; addr: string; amount: number | null },
): Promise<boolean> => {
  const inUse =
    kind === 'plant'
      ? 'AND pot_address IS NULL'
      : kind === 'pot'
        ? 'AND NOT EXISTS (SELECT 1 FROM garden_plants WHERE pot_address = ?1)'
        : '';
  const result = await db
    .prepare(
      `UPDATE ${TABLES[kind]} SET quantity = quantity - COALESCE(?3, quantity)
       WHERE address = ?1 AND owner = ?2 AND quantity > 0 AND quantity >= COALESCE(?3, 0) ${inUse}`,
    )
    .bind(input.addr, input.owner, input.amount)
    .run();
  return result.meta.changes === 1;
};

/** Platform only: raises an object's quantity. */
export const increaseQuantity = async (
  db: D1Database,
  kind: GardenKind,
  input: { addr: string; amount: number },
) =>
  (
    await db
      .prepare(`UPDATE ${TABLES[kind]} SET quantity = quantity + ?2 WHERE address = ?1`)
      .bind(input.addr, input.amount)
      .run()
  ).meta.changes === 1;

/** Platform only: a plant's base grow duration, in seconds. */
export const setGrowDuration = async (db: D1Database, plantAddr: string, seconds: number) =>
  (
    await db
      .prepare('UPDATE garden_plants SET base_grow_seconds = ?2 WHERE address = ?1')
      .bind(plantAddr, seconds)
      .run()
  ).meta.changes === 1;

export type ItemSetting = 'usage_type' | 'effect_value' | 'max_usage';

/** Platform only: one of an item's settings (the column is a literal union, never input). */
export const setItemSetting = async (
  db: D1Database,
  itemAddr: string,
  column: ItemSetting,
  value: number,
) => {
  try {
    const result = await db
      .prepare(`UPDATE garden_items SET ${column} = ?2 WHERE address = ?1`)
      .bind(itemAddr, value)
      .run();
    return result.meta.changes === 1 ? 'ok' : 'missing';
  } catch (error) {
    // A max usage below the uses already spent, or an effect over 100 %: the table's CHECK refuses it.
    if (error instanceof Error && /CHECK constraint/.test(error.message)) return 'refused';
    throw error;
  }
};

/** Platform only: adds growth to a growing plant. */
export const addGrowth = async (db: D1Database, plantAddr: string, percent: number) =>
  (
    await db
      .prepare(
        `UPDATE garden_plants SET added_percent = added_percent + ?2
         WHERE address = ?1 AND pot_address IS NOT NULL AND harvested_at IS NULL`,
      )
      .bind(plantAddr, percent)
      .run()
  ).meta.changes === 1;

/**
 * A completed short view grows the viewer's planted plants once: the view is recorded (once per view
 * id, only while the owner has a growing plant and fewer than `cap` counted views that day) and the
 * plants grow only if this call's row (its token) went in. Answers whether it counted.
 */
export const growFromView = async (
  db: D1Database,
  input: {
    viewId: string;
    userId: string;
    day: string;
    token: string;
    now: string;
    cap: number;
    percent: number;
  },
): Promise<boolean> => {
  const [recorded] = await db.batch([
    db
      .prepare(
        `INSERT INTO garden_view_growth (view_id, owner, day, token, created_at)
         SELECT ?1, u.aptos_address, ?3, ?4, ?5 FROM users u
         WHERE u.id = ?2
           AND (SELECT COUNT(*) FROM garden_view_growth WHERE owner = u.aptos_address AND day = ?3) < ?6
           AND EXISTS (SELECT 1 FROM garden_plants WHERE owner = u.aptos_address
                       AND pot_address IS NOT NULL AND harvested_at IS NULL)
         ON CONFLICT (view_id) DO NOTHING`,
      )
      .bind(input.viewId, input.userId, input.day, input.token, input.now, input.cap),
    db
      .prepare(
        `UPDATE garden_plants SET added_percent = added_percent + ?3
         WHERE owner = (SELECT owner FROM garden_view_growth WHERE view_id = ?1 AND token = ?2)
           AND pot_address IS NOT NULL AND harvested_at IS NULL`,
      )
      .bind(input.viewId, input.token, input.percent),
  ]);
  return (recorded?.meta.changes ?? 0) === 1;
};
