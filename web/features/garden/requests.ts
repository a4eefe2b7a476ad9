import { gardenMutationKeys, type HarvestVariables, type PlantVariables } from './mutation-keys';

/**
 * The HTTP call of each queued garden write, built from its mutation variables only. Pure: the
 * page's mutationFns (mutation-defaults.ts) and the service worker's outbox (web/sw/outbox.ts)
 * send the very same request. Sending one twice is done once on the server (worker/api/garden).
 */
export type GardenRequest = {
  method: 'POST';
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
};

export const plantRequest = ({ potAddr, plantAddr }: PlantVariables): GardenRequest => ({
  method: 'POST',
  path: '/api/garden/plant/seed',
  body: { potAddr, plantAddr },
  headers: {},
});

export const harvestRequest = ({ plantAddr }: HarvestVariables): GardenRequest => ({
  method: 'POST',
  path: '/api/garden/plant/harvest',
  body: { plantAddr },
  headers: {},
});

/* Variables as the mutation saved them, by mutation key (joined with '/'). */
const builders: Record<string, (variables: never) => GardenRequest> = {
  [gardenMutationKeys.plant.join('/')]: plantRequest,
  [gardenMutationKeys.harvest.join('/')]: harvestRequest,
};

/**
 * The request of a saved garden mutation, or null for any other key. The variables are the ones
 * this app's own mutation stored under that key (IndexedDB, same origin).
 */
export function gardenRequestFor(
  mutationKey: readonly unknown[] | undefined,
  variables: unknown,
): GardenRequest | null {
  const build = mutationKey && builders[mutationKey.join('/')];
  if (!build || typeof variables !== 'object' || variables === null) return null;
  return build(variables as never);
}
