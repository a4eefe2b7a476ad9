import type { HarvestResult, Plant } from '../../../schema/garden';
import type { HarvestVariables, PlantVariables } from './mutation-keys';
import type { Garden } from './queries';

/**
 * The garden as the user expects it: the server's answer with the plantings and harvests not yet
 * answered applied on top (shown at once, kept while they wait offline, gone if refused).
 */

const replacePlant = (garden: Garden, plant: Plant): Garden => ({
  ...garden,
  plants: garden.plants.map((p) => (p.address === plant.address ? plant : p)),
});

/** The garden with `plant` in the pot it names (the server's answer, or a pending one). */
export const withPlanted = (garden: Garden, plant: Plant): Garden => ({
  ...replacePlant(garden, plant),
  pots: garden.pots.map((pot) =>
    pot.address === plant.potAddress ? { ...pot, plantAddress: plant.address } : pot,
  ),
});

/** The garden after a harvest: the pot is free, the plant is stage 5, the reward seeds are in. */
export const withHarvested = (garden: Garden, { plant, seeds }: HarvestResult): Garden => {
  const known = new Set(garden.plants.map((p) => p.address));
  const harvested = replacePlant(garden, plant);
  return {
    ...harvested,
    plants: [...seeds.filter((s) => !known.has(s.address)), ...harvested.plants],
    pots: garden.pots.map((pot) =>
      pot.plantAddress === plant.address ? { ...pot, plantAddress: null } : pot,
    ),
  };
};

export type Pending<V> = { variables: V; submittedAt: number };

/** Applies the pending plantings and harvests, oldest first; one naming an unknown object is skipped. */
export function withPending(
  garden: Garden,
  plantings: Pending<PlantVariables>[],
  harvests: Pending<HarvestVariables>[],
): Garden {
  let view = garden;
  for (const { variables, submittedAt } of plantings) {
    const seed = view.plants.find((p) => p.address === variables.plantAddr);
    if (!seed || seed.plantedAt) continue;
    const plantedAt = new Date(submittedAt).toISOString();
    view = withPlanted(view, { ...seed, potAddress: variables.potAddr, plantedAt });
  }
  for (const { variables, submittedAt } of harvests) {
    const plant = view.plants.find((p) => p.address === variables.plantAddr);
    if (!plant || plant.harvestedAt) continue;
    const harvestedAt = new Date(submittedAt).toISOString();
    const done = { ...plant, harvestedAt, potAddress: null, growthStage: 5, readyToHarvest: false };
    view = withHarvested(view, { plant: { ...done, extendedGrowthPercent: 100 }, seeds: [] });
  }
  return view;
}
