import { describe, expect, it } from 'vitest';
import { GARDEN_RULES, GROWTH_STAGE_NAMES, RARITY_NAMES } from '../../../schema/garden';
import {
  ITEM_ART,
  itemArtOf,
  PLANT_ART,
  petFeatures,
  plantArtOf,
  potBands,
  RARITY_COLOURS,
  rarityColour,
} from '../../../web/features/garden/art-keys';
import { gardenGuide } from '../../../web/features/garden/garden-guide';
import { formatTimeLeft, growthProgress, secondsLeft } from '../../../web/features/garden/growth-time';

describe('garden art', () => {
  it('draws a seed not planted as a seed, and each growth stage 1–5 with a picture of its own', () => {
    expect(plantArtOf({ plantedAt: null, growthStage: 1 })).toBe('seed');
    const planted = GROWTH_STAGE_NAMES.map((_, index) =>
      plantArtOf({ plantedAt: '2026-11-27T00:00:00.000Z', growthStage: index + 1 }),
    );
    expect(planted).toEqual(['sprout', 'sapling', 'mature', 'ready', 'evolve']);
    expect(new Set(['seed', ...planted]).size).toBe(PLANT_ART.length);
  });

  it('gives every rarity its own colour and a pet drawn richer as rarity rises', () => {
    const colours = RARITY_NAMES.map((_, index) => rarityColour(index + 1));
    expect(new Set(colours).size).toBe(RARITY_NAMES.length);
    expect(colours).toEqual([...RARITY_COLOURS]);
    const features = RARITY_NAMES.map((_, index) => petFeatures(index + 1));
    const drawn = features.map((f) => [f.ears, f.spots, f.wings, f.crown].filter(Boolean).length);
    expect(drawn).toEqual([0, 1, 2, 3, 4]);
  });

  it('marks each pot level with one more band, up to the highest level', () => {
    const levels = Array.from({ length: GARDEN_RULES.maxPotLevel }, (_, index) => potBands(index + 1));
    expect(levels).toEqual([0, 1, 2, 3, 4]);
  });

  it('draws grow-time items as potions and any other kind as a charm', () => {
    expect(itemArtOf(GARDEN_RULES.starterItem.usageType)).toBe('potion');
    expect(itemArtOf(GARDEN_RULES.starterItem.usageType + 1)).toBe('charm');
    expect(ITEM_ART).toEqual(['potion', 'charm']);
  });
});

describe('time left and progress', () => {
  it('counts the seconds left at the pace of the base grow duration', () => {
    expect(secondsLeft({ extendedGrowthPercent: 0, baseGrowDuration: 3600 })).toBe(3600);
    expect(secondsLeft({ extendedGrowthPercent: 75, baseGrowDuration: 3600 })).toBe(900);
    expect(secondsLeft({ extendedGrowthPercent: 100, baseGrowDuration: 3600 })).toBe(0);
  });

  it('words the time left in days, hours and minutes, rounding minutes up', () => {
    expect(formatTimeLeft(0)).toBe('Ready');
    expect(formatTimeLeft(30)).toBe('Under a minute left');
    expect(formatTimeLeft(61)).toBe('2 min left');
    expect(formatTimeLeft(900)).toBe('15 min left');
    expect(formatTimeLeft(3600)).toBe('1 h left');
    expect(formatTimeLeft(3900)).toBe('1 h 5 min left');
    expect(formatTimeLeft(12 * 3600)).toBe('12 h left');
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600)).toBe('2 d 3 h left');
  });

  it('shows whole percent, never 100 before the plant is there, with the time left for screen readers', () => {
    expect(growthProgress({ extendedGrowthPercent: 99.9, baseGrowDuration: 3600 })).toEqual({
      value: 99,
      timeLeft: 'Under a minute left',
      label: '99%, Under a minute left',
    });
    expect(growthProgress({ extendedGrowthPercent: 25, baseGrowDuration: 7200 }).label).toBe(
      '25%, 1 h 30 min left',
    );
    expect(growthProgress({ extendedGrowthPercent: 100, baseGrowDuration: 3600 }).label).toBe('100%, Ready');
  });
});

describe('the garden guide', () => {
  it('says how plants grow and what a harvest gives with the numbers the server applies', () => {
    const line = gardenGuide();
    expect(line).toContain(`adds ${GARDEN_RULES.viewGrowthPercent}%`);
    expect(line).toContain(`up to ${GARDEN_RULES.viewGrowthDailyCap} shorts a day`);
    expect(line).toContain(`for ${GARDEN_RULES.harvestSeeds} new seeds`);
  });

  it('follows the rules when they change', () => {
    expect(gardenGuide({ viewGrowthPercent: 7, viewGrowthDailyCap: 12, harvestSeeds: 3 })).toBe(
      'Plants grow with time, and each short you watch to the end adds 7% (up to 12 shorts a day). ' +
        'Harvest a ready plant for 3 new seeds; a harvested plant can evolve into a pet.',
    );
  });
});
