import { GARDEN_RULES } from '../../../schema/garden';

type Rules = { viewGrowthPercent: number; viewGrowthDailyCap: number; harvestSeeds: number };

/**
 * The garden's one line of guidance: how plants grow and what a harvest gives, worded from the
 * rules the server applies (schema/garden.ts), so the page never promises other numbers.
 */
export const gardenGuide = (rules: Rules = GARDEN_RULES): string =>
  `Plants grow with time, and each short you watch to the end adds ${rules.viewGrowthPercent}% ` +
  `(up to ${rules.viewGrowthDailyCap} shorts a day). Harvest a ready plant for ${rules.harvestSeeds} ` +
  'new seeds; a harvested plant can evolve into a pet.';
