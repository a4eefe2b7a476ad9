import { type Plant, REDUCE_GROW_TIME_USAGE } from '../../../schema/garden';

/**
 * Which picture each garden object gets (garden-art.tsx draws them). Pure, so every stage, level,
 * item kind and rarity is known to have its own picture without rendering.
 */

export const PLANT_ART = ['seed', 'sprout', 'sapling', 'mature', 'ready', 'evolve'] as const;
export type PlantArtKey = (typeof PLANT_ART)[number];

/** A seed not planted is 'seed'; a planted or harvested plant is its stage's picture (1–5). */
export const plantArtOf = (plant: Pick<Plant, 'plantedAt' | 'growthStage'>): PlantArtKey =>
  plant.plantedAt ? (PLANT_ART[plant.growthStage] ?? 'sprout') : 'seed';

/** One colour per rarity (1 Common … 5 Legendary): the bloom, the seed coat and the pet. */
export const RARITY_COLOURS = ['#8bc34a', '#26a69a', '#42a5f5', '#ab47bc', '#ffb300'] as const;
export const rarityColour = (rarity: number): string => RARITY_COLOURS[rarity - 1] ?? RARITY_COLOURS[0];

/** Pots get a band per level above 1 (levels 1–5: 0 to 4 bands). */
export const potBands = (level: number): number => Math.min(4, Math.max(0, level - 1));

export const ITEM_ART = ['potion', 'charm'] as const;
export type ItemArtKey = (typeof ITEM_ART)[number];
/** Grow-time items are potions; any other kind the platform creates is a charm. */
export const itemArtOf = (usageType: number): ItemArtKey =>
  usageType === REDUCE_GROW_TIME_USAGE ? 'potion' : 'charm';

/** A pet's features by rarity: leaf ears from Uncommon, spots from Rare, a crown for Legendary. */
export const petFeatures = (rarity: number) => ({
  colour: rarityColour(rarity),
  ears: rarity >= 2,
  spots: rarity >= 3,
  wings: rarity >= 4,
  crown: rarity >= 5,
});
