import * as z from 'zod/mini';
import { CanonicalAddressSchema, IsoTimeSchema } from './common';

/**
 * The garden game (content §2.10, §3, §7). Pots, plants, items and pets each live at an address
 * (0x + 64 hex, drawn by the server) and belong to an Aptos address. Growth is the server's: a
 * plant's stage and percent are computed from its planting time, base grow duration and the growth
 * it was given (items, completed short views, the platform), never set by a client.
 */

export const RARITY_NAMES = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const;
export const GROWTH_STAGE_NAMES = ['Sprout', 'Sapling', 'Mature', 'Ready', 'Evolve to Pet'] as const;
export const GARDEN_KINDS = ['pot', 'plant', 'item', 'pet'] as const;

/** Numbers decided for issue 12 (the source app had none on the server). */
export const GARDEN_RULES = {
  starterKit: { pots: 1, seeds: 3, items: 1 },
  /** A completed short view adds this much of a planted plant's grow time… */
  viewGrowthPercent: 5,
  /** …for at most this many completed views per owner per UTC day. */
  viewGrowthDailyCap: 20,
  /** New seeds a harvest gives back. */
  harvestSeeds: 2,
  /** Seconds a seed of each rarity (index 0 = Common) takes to grow. */
  baseGrowSeconds: [3600, 2 * 3600, 4 * 3600, 8 * 3600, 12 * 3600],
  /** The starter item: reduces the remaining grow time by 25 % of the base, 3 times. */
  starterItem: { name: 'Growth Potion', usageType: 1, effectValue: 25, maxUsage: 3 },
  maxPotLevel: 5,
} as const;

/** Usage type of items that reduce a plant's grow time by `effectValue` percent of its base. */
export const REDUCE_GROW_TIME_USAGE = 1;

export const RaritySchema = z.int().check(z.gte(1), z.lte(5));
export const GrowthStageSchema = z.int().check(z.gte(1), z.lte(5));
export const GardenKindSchema = z.enum(GARDEN_KINDS);
export type GardenKind = z.infer<typeof GardenKindSchema>;

/** An object's address as the server draws it; any hex case is accepted and lowercased. */
export const GardenAddressSchema = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid garden address')),
  z.transform((address: string) => address.toLowerCase()),
);

const Owned = { address: z.string(), owner: z.string(), name: z.string(), createdAt: IsoTimeSchema };

export const PotSchema = z.object({
  ...Owned,
  level: z.int(),
  quantity: z.int(),
  /** The plant growing in it, if any. */
  plantAddress: z.nullable(z.string()),
});
export const PlantSchema = z.object({
  ...Owned,
  rarity: RaritySchema,
  growthStage: GrowthStageSchema,
  /** Seconds from planting to ready, before any growth was added. */
  baseGrowDuration: z.int(),
  /** 0–100: how far it has grown (time since planting plus added growth). */
  extendedGrowthPercent: z.number(),
  /** Growth percent added by items, completed short views and the platform. */
  addedPercent: z.number(),
  readyToHarvest: z.boolean(),
  potAddress: z.nullable(z.string()),
  plantedAt: z.nullable(IsoTimeSchema),
  harvestedAt: z.nullable(IsoTimeSchema),
  quantity: z.int(),
});
export const ItemSchema = z.object({
  ...Owned,
  usageType: z.int(),
  effectValue: z.int(),
  maxUsage: z.int(),
  usesLeft: z.int(),
  quantity: z.int(),
});
export const PetSchema = z.object({ ...Owned, fromPlant: z.nullable(z.string()), rarity: RaritySchema });
export type Pot = z.infer<typeof PotSchema>;
export type Plant = z.infer<typeof PlantSchema>;
export type Item = z.infer<typeof ItemSchema>;
export type Pet = z.infer<typeof PetSchema>;

/**
 * Plant info as the spec's positional list (§3): name 0, rarity 1, extended growth percent 7,
 * growth stage 8, ready flag 9. The places between (ours): base grow duration 2, pot address 3
 * ('' when not planted), planted at 4 ('' when not), quantity 5, address 6.
 */
export type PlantInfo = [
  name: string,
  rarity: number,
  baseGrowDuration: number,
  potAddress: string,
  plantedAt: string,
  quantity: number,
  address: string,
  extendedGrowthPercent: number,
  growthStage: number,
  readyToHarvest: boolean,
];
/**
 * Pot info: name 0 (spec), then level 1, plant address 2 ('' when empty), address 3 (ours). Plain
 * tuple types, not zod: the web never parses them, and z.tuple would grow the chunk home loads.
 */
export type PotInfo = [name: string, level: number, plantAddress: string, address: string];

/** What `POST /api/garden/starter-kit` answers: whether this call granted it, and the owner's garden. */
export const StarterKitSchema = z.object({
  granted: z.boolean(),
  pots: z.array(PotSchema),
  plants: z.array(PlantSchema),
  items: z.array(ItemSchema),
});
export type StarterKit = z.infer<typeof StarterKitSchema>;

/** What a harvest answers: the harvested plant (now stage 5) and the seeds it gave. */
export const HarvestResultSchema = z.object({ plant: PlantSchema, seeds: z.array(PlantSchema) });
export type HarvestResult = z.infer<typeof HarvestResultSchema>;

export const InPotSchema = z.object({ inPot: z.boolean() });

const Amount = z.int().check(z.gte(1), z.lte(1000));
const Percent = z.number().check(z.gte(0.01), z.lte(100));

export const SeedBodySchema = z.object({ potAddr: GardenAddressSchema, plantAddr: GardenAddressSchema });
export const PlantAddrBodySchema = z.object({ plantAddr: GardenAddressSchema });
export const TransferBodySchema = z.object({
  potFromAddr: GardenAddressSchema,
  potToAddr: GardenAddressSchema,
  plantAddr: GardenAddressSchema,
});
export const PotAddrBodySchema = z.object({ potAddr: GardenAddressSchema });
export const UseItemBodySchema = z.object({ itemAddr: GardenAddressSchema, plantAddr: GardenAddressSchema });
export const EvolveBodySchema = z.object({
  plantAddr: GardenAddressSchema,
  receiver: CanonicalAddressSchema,
});
export const QuantityBodySchema = z.object({ addr: GardenAddressSchema, amount: Amount });
export const BurnBodySchema = z.object({ addr: GardenAddressSchema, amount: z.optional(Amount) });
export type SeedBody = z.infer<typeof SeedBodySchema>;
export type TransferBody = z.infer<typeof TransferBodySchema>;
export type QuantityBody = z.infer<typeof QuantityBodySchema>;

/** Platform-only bodies: the catalogue and tuning calls. */
export const CreateBodySchemas = {
  pot: z.object({ owner: CanonicalAddressSchema, name: z.string().check(z.minLength(1), z.maxLength(60)) }),
  plant: z.object({
    owner: CanonicalAddressSchema,
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    rarity: RaritySchema,
    baseGrowDuration: z.optional(z.int().check(z.gte(1))),
  }),
  item: z.object({
    owner: CanonicalAddressSchema,
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    usageType: z.int().check(z.gte(1)),
    effectValue: z.int().check(z.gte(1), z.lte(100)),
    maxUsage: z.int().check(z.gte(1)),
  }),
  pet: z.object({
    owner: CanonicalAddressSchema,
    name: z.string().check(z.minLength(1), z.maxLength(60)),
    rarity: RaritySchema,
  }),
} as const;
export const SetGrowDurationBodySchema = z.object({
  plantAddr: GardenAddressSchema,
  duration: z.int().check(z.gte(1)),
});
export const ItemSettingBodySchema = z.object({
  itemAddr: GardenAddressSchema,
  value: z.int().check(z.gte(1)),
});
export const AdvanceGrowthBodySchema = z.object({ plantAddr: GardenAddressSchema, percent: Percent });

/** The stage a growth percent reaches while planted: Sprout < 25 ≤ Sapling < 50 ≤ Mature < 100 = Ready. */
export const stageOfPercent = (percent: number): number =>
  percent >= 100 ? 4 : percent >= 50 ? 3 : percent >= 25 ? 2 : 1;

/**
 * A planted plant's growth percent at `now`: the share of its base grow duration that has passed
 * since planting plus the growth added to it, capped at 100. Pure, so the page shows the same
 * number offline from the cached timestamps.
 */
export const growthPercentAt = (
  plant: { plantedAt: string | null; baseGrowDuration: number; addedPercent: number },
  now: number,
): number => {
  if (!plant.plantedAt) return 0;
  const elapsed = Math.max(0, now - Date.parse(plant.plantedAt));
  const percent = (elapsed / (plant.baseGrowDuration * 1000)) * 100 + plant.addedPercent;
  return Math.min(100, Math.round(percent * 100) / 100);
};
