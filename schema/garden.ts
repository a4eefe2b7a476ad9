import { z } from 'zod';
import { AddressSchema } from './common';

/** Garden game objects (content §2.10, §3): each lives at an address and has an owner. */
const GardenObjectSchema = z.object({ address: AddressSchema, owner: AddressSchema, name: z.string() });

export const RaritySchema = z.number().int().min(1).max(5);
export const GrowthStageSchema = z.number().int().min(1).max(5);
export const RARITY_NAMES = ['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary'] as const;
export const GROWTH_STAGE_NAMES = ['Sprout', 'Sapling', 'Mature', 'Ready', 'Evolve to Pet'] as const;

export const PotSchema = GardenObjectSchema.extend({ level: z.number().int(), quantity: z.number().int() });
export const PlantSchema = GardenObjectSchema.extend({
  rarity: RaritySchema,
  growthStage: GrowthStageSchema,
  baseGrowDuration: z.number().int(),
  extendedGrowthPercent: z.number(),
  readyToHarvest: z.boolean(),
  potAddress: AddressSchema.nullable(),
  quantity: z.number().int(),
});
export const ItemSchema = GardenObjectSchema.extend({
  usageType: z.number().int(),
  effectValue: z.number().int(),
  maxUsage: z.number().int(),
  quantity: z.number().int(),
});
export const PetSchema = GardenObjectSchema.extend({ fromPlant: AddressSchema, rarity: RaritySchema });
export type Pot = z.infer<typeof PotSchema>;
export type Plant = z.infer<typeof PlantSchema>;
export type Item = z.infer<typeof ItemSchema>;
export type Pet = z.infer<typeof PetSchema>;
