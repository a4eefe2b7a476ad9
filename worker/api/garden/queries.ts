import {
  type GardenKind,
  growthPercentAt,
  type Item,
  type Pet,
  type Plant,
  type Pot,
  stageOfPercent,
} from '../../../schema/garden';

/**
 * Reads of the garden tables, rows mapped to the schema's shapes at the edge. A plant's stage and
 * percent are computed here from its timestamps at `now`: nothing stores them.
 */

type PotRow = {
  address: string;
  owner: string;
  name: string;
  level: number;
  quantity: number;
  created_at: string;
  plant_address: string | null;
};
export type PlantRow = {
  address: string;
  owner: string;
  name: string;
  rarity: number;
  base_grow_seconds: number;
  added_percent: number;
  pot_address: string | null;
  planted_at: string | null;
  harvested_at: string | null;
  evolved_at: string | null;
  quantity: number;
  created_at: string;
};
type ItemRow = {
  address: string;
  owner: string;
  name: string;
  usage_type: number;
  effect_value: number;
  max_usage: number;
  uses: number;
  quantity: number;
  created_at: string;
};
type PetRow = {
  address: string;
  owner: string;
  name: string;
  rarity: number;
  from_plant: string | null;
  created_at: string;
};

const POT_SELECT = `SELECT p.address, p.owner, p.name, p.level, p.quantity, p.created_at,
  (SELECT g.address FROM garden_plants g WHERE g.pot_address = p.address) AS plant_address
  FROM garden_pots p`;
const PLANT_SELECT = `SELECT address, owner, name, rarity, base_grow_seconds, added_percent, pot_address,
  planted_at, harvested_at, evolved_at, quantity, created_at FROM garden_plants`;
const ITEM_SELECT = `SELECT address, owner, name, usage_type, effect_value, max_usage, uses, quantity, created_at
  FROM garden_items`;
const PET_SELECT = 'SELECT address, owner, name, rarity, from_plant, created_at FROM garden_pets';

const toPot = (row: PotRow): Pot => ({
  address: row.address,
  owner: row.owner,
  name: row.name,
  createdAt: row.created_at,
  level: row.level,
  quantity: row.quantity,
  plantAddress: row.plant_address,
});

/** A plant as it stands at `now`: harvested ones are stage 5 (ready to evolve), seeds stage 1. */
export const toPlant = (row: PlantRow, now: number): Plant => {
  const done = row.harvested_at !== null;
  const percent = done
    ? 100
    : growthPercentAt(
        {
          plantedAt: row.planted_at,
          baseGrowDuration: row.base_grow_seconds,
          addedPercent: row.added_percent,
        },
        now,
      );
  return {
    address: row.address,
    owner: row.owner,
    name: row.name,
    createdAt: row.created_at,
    rarity: row.rarity,
    growthStage: done ? 5 : stageOfPercent(percent),
    baseGrowDuration: row.base_grow_seconds,
    extendedGrowthPercent: percent,
    addedPercent: row.added_percent,
    readyToHarvest: !done && row.pot_address !== null && percent >= 100,
    potAddress: row.pot_address,
    plantedAt: row.planted_at,
    harvestedAt: row.harvested_at,
    quantity: row.quantity,
  };
};

const toItem = (row: ItemRow): Item => ({
  address: row.address,
  owner: row.owner,
  name: row.name,
  createdAt: row.created_at,
  usageType: row.usage_type,
  effectValue: row.effect_value,
  maxUsage: row.max_usage,
  usesLeft: row.max_usage - row.uses,
  quantity: row.quantity,
});

const toPet = (row: PetRow): Pet => ({
  address: row.address,
  owner: row.owner,
  name: row.name,
  createdAt: row.created_at,
  fromPlant: row.from_plant,
  rarity: row.rarity,
});

export type GardenObject = { pot: Pot; plant: Plant; item: Item; pet: Pet };

/**
 * One reader per kind: by address, and an owner's objects newest first. Objects whose quantity
 * reached 0 (spent, evolved) are gone from the owner's lists but still answer by address.
 */
type Reader<K extends GardenKind> = {
  byAddress: (db: D1Database, address: string, now: number) => Promise<GardenObject[K] | null>;
  byOwner: (db: D1Database, owner: string, now: number) => Promise<GardenObject[K][]>;
};

const reader = <K extends GardenKind, Row>(
  select: string,
  alias: string,
  map: (row: Row, now: number) => GardenObject[K],
): Reader<K> => ({
  byAddress: async (db, address, now) => {
    const row = await db.prepare(`${select} WHERE ${alias}address = ?1`).bind(address).first<Row>();
    return row ? map(row, now) : null;
  },
  byOwner: async (db, owner, now) => {
    const { results } = await db
      .prepare(
        `${select} WHERE ${alias}owner = ?1 AND ${alias}quantity > 0
         ORDER BY ${alias}created_at DESC, ${alias}address`,
      )
      .bind(owner)
      .all<Row>();
    return results.map((row) => map(row, now));
  },
});

export const readers: { [K in GardenKind]: Reader<K> } = {
  pot: reader<'pot', PotRow>(POT_SELECT, 'p.', toPot),
  plant: reader<'plant', PlantRow>(PLANT_SELECT, '', toPlant),
  item: reader<'item', ItemRow>(ITEM_SELECT, '', toItem),
  pet: reader<'pet', PetRow>(PET_SELECT, '', toPet),
};

/** The seeds a harvest of `plantAddr` gave, in slot order (empty before it is harvested). */
export const listHarvestSeeds = async (db: D1Database, plantAddr: string, now: number): Promise<Plant[]> => {
  const { results } = await db
    .prepare(`${PLANT_SELECT} WHERE from_plant = ?1 ORDER BY slot`)
    .bind(plantAddr)
    .all<PlantRow>();
  return results.map((row) => toPlant(row, now));
};

/** The raw plant row, for rules that look at its timestamps. */
export const getPlantRow = (db: D1Database, address: string) =>
  db.prepare(`${PLANT_SELECT} WHERE address = ?1`).bind(address).first<PlantRow>();
