import {
  GROWTH_STAGE_NAMES,
  growthPercentAt,
  type Plant,
  RARITY_NAMES,
  stageOfPercent,
} from '../../../schema/garden';

export const rarityName = (rarity: number) => RARITY_NAMES[rarity - 1] ?? RARITY_NAMES[0];
export const stageName = (stage: number) => GROWTH_STAGE_NAMES[stage - 1] ?? GROWTH_STAGE_NAMES[0];

/**
 * A plant as it stands at `now`, from the timestamps the server sent: the same formula the server
 * uses, so the numbers move between reads and while offline.
 */
export const plantNow = (plant: Plant, now: number): Plant => {
  if (plant.harvestedAt || !plant.plantedAt) return plant;
  const percent = growthPercentAt(plant, now);
  return {
    ...plant,
    extendedGrowthPercent: percent,
    growthStage: stageOfPercent(percent),
    readyToHarvest: plant.potAddress !== null && percent >= 100,
  };
};

export const statusText = (plant: Plant) => (plant.readyToHarvest ? 'Ready to Harvest' : 'Growing');
