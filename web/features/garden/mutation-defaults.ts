import type { QueryClient } from '@tanstack/react-query';
import { type HarvestResult, HarvestResultSchema, type Plant, PlantSchema } from '../../../schema/garden';
import { apiPost } from '../../lib/api';
import { mutationDefaults } from '../../lib/mutation-defaults';
import { QueuedWorkCancelled, retryUntilAnswered } from '../../lib/queued-work-retry';
import { showToast } from '../../ui/toast-store';
import { rememberPlanting } from './local-choice';
import { gardenMutationKeys, type HarvestVariables, type PlantVariables } from './mutation-keys';
import { withHarvested, withPlanted } from './optimistic';
import { type Garden, gardenKeys, refreshGarden } from './queries';
import { harvestRequest, plantRequest } from './requests';

/** The server's refusal, told; a planting the user cancelled from Waiting to send needs no word. */
const refused = (error: Error) => {
  if (!(error instanceof QueuedWorkCancelled)) showToast(error.message, 'error');
};

/**
 * Plant and harvest, keyed by their mutation keys. Here rather than in the page: a planting
 * resumed after a reload (or on another screen) has no page callbacks. Success stores the answer in
 * the cached garden before the re-read, so the pending view never flickers back.
 */
function setGardenDefaults(client: QueryClient): void {
  const refresh = () => refreshGarden(client);
  client.setMutationDefaults<Plant, Error, PlantVariables>(gardenMutationKeys.plant, {
    ...retryUntilAnswered,
    mutationFn: (vars) => {
      const { path, body } = plantRequest(vars);
      return apiPost(path, body, PlantSchema);
    },
    onSuccess: (plant, vars) => {
      rememberPlanting(vars.plantAddr, vars.potAddr);
      client.setQueryData<Garden>(
        gardenKeys.mine(vars.owner),
        (garden) => garden && withPlanted(garden, plant),
      );
    },
    onError: refused,
    onSettled: refresh,
  });
  client.setMutationDefaults<HarvestResult, Error, HarvestVariables>(gardenMutationKeys.harvest, {
    ...retryUntilAnswered,
    mutationFn: (vars) => {
      const { path, body } = harvestRequest(vars);
      return apiPost(path, body, HarvestResultSchema);
    },
    onSuccess: (result, vars) => {
      client.setQueryData<Garden>(
        gardenKeys.mine(vars.owner),
        (garden) => garden && withHarvested(garden, result),
      );
    },
    onError: refused,
    onSettled: refresh,
  });
}

const defaults = mutationDefaults(gardenKeys.all[0], setGardenDefaults);

/** Registers the garden's mutation defaults once per client (the page calls it before mutating). */
export const ensureGardenDefaults = defaults.ensure;

/** The defaults, also given to plantings and harvests restored paused (main.tsx, at start). */
export const registerGardenDefaults = defaults.register;
