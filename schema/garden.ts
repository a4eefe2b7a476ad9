import * as z from 'zod/mini';
import { AddressSchema } from './common';

/** Garden game objects (content §2.10, §3): each lives at an address and has an owner. */
const GardenObjectSchema = z.object({ address: AddressSchema, owner: AddressSchema, name: z.string() });

export const RaritySchema = z.int().check(z.gte(1), z.lte(5));
export const GrowthStageSchema = z.int().check(z.gte(1), z.lte(5));
export const RARITY_NAMES = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const;
export const GROWTH_STAGE_NAMES = ['Sprout', 'Sapling', 'Mature', 'Ready', 'Evolve to Pet'] as const;

export const PotSchema = z.extend(GardenObjectSchema, { level: z.int(), quantity: z.int() });
export const PlantSchema = z.extend(GardenObjectSchema, {
  rarity: RaritySchema,
  growthStage: GrowthStageSchema,
  baseGrowDuration: z.int(),
  extendedGrowthPercent: z.number(),
  readyToHarvest: z.boolean(),
  potAddress: z.nullable(AddressSchema),
  quantity: z.int(),
});
export const ItemSchema = z.extend(GardenObjectSchema, {
  usageType: z.int(),
  effectValue: z.int(),
  maxUsage: z.int(),
  quantity: z.int(),
});
export const PetSchema = z.extend(GardenObjectSchema, { fromPlant: AddressSchema, rarity: RaritySchema });
export type Pot = z.infer<typeof PotSchema>;
export type Plant = z.infer<typeof PlantSchema>;
export type Item = z.infer<typeof ItemSchema>;
export type Pet = z.infer<typeof PetSchema>;
