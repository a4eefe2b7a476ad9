import type { GardenKind, PlantInfo, PotInfo } from '../../../schema/garden';
import type { GardenObject } from './queries';

/**
 * The positional info lists of content §3. Plant: name 0, rarity 1, extended growth percent 7,
 * growth stage 8, ready flag 9 (the spec's places), the rest ours (see PlantInfoSchema). Pot: name 0.
 * Items and pets have no spec'd list: name 0 and address 1.
 */
export const infoOf = <K extends GardenKind>(
  kind: K,
  object: GardenObject[K],
): PlantInfo | PotInfo | string[] => {
  if (kind === 'plant') {
    const plant = object as GardenObject['plant'];
    return [
      plant.name,
      plant.rarity,
      plant.baseGrowDuration,
      plant.potAddress ?? '',
      plant.plantedAt ?? '',
      plant.quantity,
      plant.address,
      plant.extendedGrowthPercent,
      plant.growthStage,
      plant.readyToHarvest,
    ];
  }
  if (kind === 'pot') {
    const pot = object as GardenObject['pot'];
    return [pot.name, pot.level, pot.plantAddress ?? '', pot.address];
  }
  return [object.name, object.address];
};
