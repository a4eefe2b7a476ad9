import {
  GARDEN_RULES,
  type GardenKind,
  type HarvestResult,
  type Pet,
  type Plant,
  RARITY_NAMES,
  REDUCE_GROW_TIME_USAGE,
  type SeedBody,
  type StarterKit,
  type TransferBody,
} from '../../../schema/garden';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { type GardenObject, listHarvestSeeds, readers } from './queries';
import {
  evolvePlant,
  harvestPlant,
  insertStarterKit,
  type NewPlant,
  seedPlant,
  transferPlant,
  upgradePot,
  useReduceGrowTime,
} from './write-queries';

/**
 * The garden's rules for its owners. The caller is always an address proven by the session; every
 * object named in a body must exist (404) and be the caller's (403) before any write, and the write
 * itself re-checks the state so a lost race is a 409, never a double effect.
 */

const LABELS: Record<GardenKind, string> = { pot: 'Pot', plant: 'Plant', item: 'Item', pet: 'Pet' };

/** A fresh object address: 0x + 64 hex, like the chain's object addresses. */
export const newGardenAddress = () =>
  `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Rarity drawn by the server: Common 50 %, Uncommon 25 %, Rare 15 %, Epic 7 %, Legendary 3 %. */
const RARITY_WEIGHTS = [50, 25, 15, 7, 3];
export const drawRarity = (roll = Math.random() * 100): number => {
  let left = roll;
  for (const [index, weight] of RARITY_WEIGHTS.entries()) {
    if (left < weight) return index + 1;
    left -= weight;
  }
  return 1;
};

export const newSeed = (owner: string, rarity: number, createdAt: string): NewPlant => ({
  address: newGardenAddress(),
  owner,
  name: `${RARITY_NAMES[rarity - 1]} Seed`,
  rarity,
  baseGrowSeconds: GARDEN_RULES.baseGrowSeconds[rarity - 1] ?? GARDEN_RULES.baseGrowSeconds[0],
  createdAt,
});

/** The object at `address`, which must exist (404) and belong to `owner` (403). */
export const ownedBy = async <K extends GardenKind>(
  db: D1Database,
  kind: K,
  address: string,
  owner: string,
  now: number,
): Promise<GardenObject[K]> => {
  const found = await readers[kind].byAddress(db, address, now);
  if (!found) throw notFound(`${LABELS[kind]} not found`);
  if (found.owner !== owner) throw forbidden(`This ${kind} is not yours`);
  return found;
};

const ownGarden = async (db: D1Database, owner: string, now: number) => ({
  pots: await readers.pot.byOwner(db, owner, now),
  plants: await readers.plant.byOwner(db, owner, now),
  items: await readers.item.byOwner(db, owner, now),
});

/** The first garden visit's kit: 1 pot, 3 seeds of drawn rarity, 1 grow-time item; once per owner. */
export const grantStarterKit = async (db: D1Database, owner: string, now: Date): Promise<StarterKit> => {
  const createdAt = now.toISOString();
  const { starterKit, starterItem } = GARDEN_RULES;
  const granted = await insertStarterKit(
    db,
    owner,
    {
      pots: Array.from({ length: starterKit.pots }, () => ({
        address: newGardenAddress(),
        owner,
        name: 'Clay Pot',
        createdAt,
      })),
      plants: Array.from({ length: starterKit.seeds }, () => newSeed(owner, drawRarity(), createdAt)),
      items: Array.from({ length: starterKit.items }, () => ({
        address: newGardenAddress(),
        owner,
        ...starterItem,
        createdAt,
      })),
    },
    createdAt,
  );
  return { granted, ...(await ownGarden(db, owner, now.getTime())) };
};

const reread = async (db: D1Database, plantAddr: string, now: number): Promise<Plant> => {
  const plant = await readers.plant.byAddress(db, plantAddr, now);
  if (!plant) throw notFound('Plant not found');
  return plant;
};

/**
 * A queued planting may arrive twice (the page and the service worker both send the outbox, or a
 * send whose answer was lost goes again): this very seed already growing in this very pot is the
 * planting done, answered as such rather than as a conflict the user would read as a failure.
 */
const isPlantedIn = (plant: Plant, potAddr: string) => plant.potAddress === potAddr && !plant.harvestedAt;

export const seed = async (db: D1Database, owner: string, body: SeedBody, now: Date): Promise<Plant> => {
  const at = now.getTime();
  const pot = await ownedBy(db, 'pot', body.potAddr, owner, at);
  const plant = await ownedBy(db, 'plant', body.plantAddr, owner, at);
  if (isPlantedIn(plant, body.potAddr)) return plant;
  if (plant.plantedAt || plant.quantity === 0) throw conflict('This seed is already planted');
  if (pot.plantAddress) throw conflict('This pot already holds a plant');
  if (await seedPlant(db, { owner, ...body, now: now.toISOString() })) return reread(db, body.plantAddr, at);
  // Lost the race: to the same planting sent twice at once (that is done), or to another seed.
  const after = await reread(db, body.plantAddr, at);
  if (isPlantedIn(after, body.potAddr)) return after;
  throw conflict('This pot already holds a plant');
};

/**
 * A harvest sent again (queued offline, sent by the page and the service worker, or resent after a
 * lost answer) answers the harvest that already happened, with the seeds it gave: nothing is paid
 * twice, since the reward seeds are written only with the harvest itself.
 */
const harvested = async (db: D1Database, plant: Plant, at: number): Promise<HarvestResult> => ({
  plant,
  seeds: await listHarvestSeeds(db, plant.address, at),
});

export const harvest = async (
  db: D1Database,
  owner: string,
  plantAddr: string,
  now: Date,
): Promise<HarvestResult> => {
  const at = now.getTime();
  const plant = await ownedBy(db, 'plant', plantAddr, owner, at);
  if (plant.harvestedAt) return harvested(db, plant, at);
  if (!plant.readyToHarvest) throw conflict('This plant is not ready to harvest');
  const createdAt = now.toISOString();
  const seeds = Array.from({ length: GARDEN_RULES.harvestSeeds }, (_, slot) => ({
    ...newSeed(owner, drawRarity(), createdAt),
    fromPlant: plantAddr,
    slot,
  }));
  if (!(await harvestPlant(db, { owner, plantAddr, now: createdAt, seeds }))) {
    // Lost the race to the same harvest sent twice at once: answer the one that happened.
    const after = await reread(db, plantAddr, at);
    if (after.harvestedAt) return harvested(db, after, at);
    throw conflict('This plant is not ready to harvest');
  }
  const given = await Promise.all(seeds.map((s) => reread(db, s.address, at)));
  return { plant: await reread(db, plantAddr, at), seeds: given };
};

export const transfer = async (
  db: D1Database,
  owner: string,
  body: TransferBody,
  now: Date,
): Promise<Plant> => {
  const at = now.getTime();
  if (body.potFromAddr === body.potToAddr) throw conflict('The plant is already in that pot');
  await ownedBy(db, 'pot', body.potFromAddr, owner, at);
  const to = await ownedBy(db, 'pot', body.potToAddr, owner, at);
  const plant = await ownedBy(db, 'plant', body.plantAddr, owner, at);
  if (plant.potAddress !== body.potFromAddr) throw conflict('The plant is not in that pot');
  if (to.plantAddress) throw conflict('This pot already holds a plant');
  if (!(await transferPlant(db, { owner, ...body }))) throw conflict('This pot already holds a plant');
  return reread(db, body.plantAddr, at);
};

export const upgrade = async (db: D1Database, owner: string, potAddr: string, now: Date) => {
  const pot = await ownedBy(db, 'pot', potAddr, owner, now.getTime());
  const { maxPotLevel } = GARDEN_RULES;
  if (pot.level >= maxPotLevel || !(await upgradePot(db, { owner, potAddr, maxLevel: maxPotLevel }))) {
    throw conflict('This pot is at its highest level');
  }
  return ownedBy(db, 'pot', potAddr, owner, now.getTime());
};

export const useItem = async (
  db: D1Database,
  owner: string,
  body: { itemAddr: string; plantAddr: string },
  now: Date,
): Promise<Plant> => {
  const at = now.getTime();
  const item = await ownedBy(db, 'item', body.itemAddr, owner, at);
  const plant = await ownedBy(db, 'plant', body.plantAddr, owner, at);
  if (item.usageType !== REDUCE_GROW_TIME_USAGE) throw conflict('This item does not reduce grow time');
  if (item.usesLeft <= 0 || item.quantity === 0) throw conflict('This item has no uses left');
  if (!plant.potAddress || plant.harvestedAt) throw conflict('This plant is not growing');
  if (!(await useReduceGrowTime(db, { owner, ...body, usageType: REDUCE_GROW_TIME_USAGE }))) {
    throw conflict('This item has no uses left');
  }
  return reread(db, body.plantAddr, at);
};

export const evolve = async (
  db: D1Database,
  owner: string,
  body: { plantAddr: string; receiver: string },
  now: Date,
): Promise<Pet> => {
  const at = now.getTime();
  if (body.receiver !== owner) throw forbidden('A pet can only be evolved to your own address');
  const plant = await ownedBy(db, 'plant', body.plantAddr, owner, at);
  if (plant.growthStage !== 5 || plant.quantity === 0) {
    throw conflict('Only a harvested plant (stage 5, Evolve to Pet) can evolve');
  }
  const petAddr = newGardenAddress();
  if (!(await evolvePlant(db, { owner, plantAddr: body.plantAddr, petAddr, now: now.toISOString() }))) {
    throw conflict('This plant has already evolved');
  }
  return ownedBy(db, 'pet', petAddr, owner, at);
};
