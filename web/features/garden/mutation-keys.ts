/**
 * Mutation keys and variables of the garden's queued writes (issue 12: plant and harvest made
 * offline go through the outbox). Plain data: the service worker reads the saved variables too
 * (requests.ts), and the outbox list words them (web/features/outbox/describe.ts).
 */
export const gardenMutationKeys = {
  plant: ['garden', 'seed'],
  harvest: ['garden', 'harvest'],
} as const;

/** `owner` keys the cached garden to update; `seedName` words the queued action in the outbox list. */
export type PlantVariables = { owner: string; potAddr: string; plantAddr: string; seedName: string };
export type HarvestVariables = { owner: string; plantAddr: string; plantName: string };
