import {
  type Mutation,
  type MutationKey,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import type { HarvestResult, Plant } from '../../../schema/garden';
import { ensureGardenDefaults } from './mutation-defaults';
import { gardenMutationKeys, type HarvestVariables, type PlantVariables } from './mutation-keys';
import type { Pending } from './optimistic';

/** Plant and harvest, with their defaults in place even for a click before app start registers them. */
export function useGardenWrites() {
  ensureGardenDefaults(useQueryClient());
  return {
    plant: useMutation<Plant, Error, PlantVariables>({ mutationKey: gardenMutationKeys.plant }),
    harvest: useMutation<HarvestResult, Error, HarvestVariables>({ mutationKey: gardenMutationKeys.harvest }),
  };
}

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

/** The unanswered mutations under `mutationKey` of `owner`, oldest first, and whether they wait offline. */
function usePending<V extends { owner: string }>(mutationKey: MutationKey, owner: string | undefined) {
  return useMutationState({
    filters: {
      mutationKey,
      status: 'pending',
      predicate: (mutation: AnyMutation) => (mutation.state.variables as V | undefined)?.owner === owner,
    },
    select: (mutation): Pending<V> & { paused: boolean } => ({
      // The variables this key's own mutations were given (useGardenWrites).
      variables: mutation.state.variables as V,
      submittedAt: mutation.state.submittedAt,
      paused: mutation.state.isPaused,
    }),
  });
}

/** The owner's plantings and harvests not yet answered: the optimistic state (optimistic.ts). */
export function usePendingGardenWrites(owner: string | undefined) {
  return {
    plantings: usePending<PlantVariables>(gardenMutationKeys.plant, owner),
    harvests: usePending<HarvestVariables>(gardenMutationKeys.harvest, owner),
  };
}
