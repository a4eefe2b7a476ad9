import { dehydrate, type MutationState, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Plant, Pot } from '../../../schema/garden';
import { persistableClient } from '../../../web/data/persist-policy';
import { gardenMutationKeys } from '../../../web/features/garden/mutation-keys';
import { withPending } from '../../../web/features/garden/optimistic';
import { plantNow } from '../../../web/features/garden/plant-status';
import type { Garden } from '../../../web/features/garden/queries';
import { gardenRequestFor } from '../../../web/features/garden/requests';
import { describeQueued } from '../../../web/features/outbox/describe';

/* Plant and harvest through the outbox (issue 12): what is kept, shown, worded and sent. */

const OWNER = `0x${'1'.repeat(64)}`;
const POT = `0x${'2'.repeat(64)}`;
const SEED = `0x${'3'.repeat(64)}`;
const CREATED = '2026-11-24T01:00:00.000Z';

const pot: Pot = {
  address: POT,
  owner: OWNER,
  name: 'Clay Pot',
  createdAt: CREATED,
  level: 1,
  quantity: 1,
  plantAddress: null,
};
const seed: Plant = {
  address: SEED,
  owner: OWNER,
  name: 'Rare Seed',
  createdAt: CREATED,
  rarity: 3,
  growthStage: 1,
  baseGrowDuration: 3600,
  extendedGrowthPercent: 0,
  addedPercent: 0,
  readyToHarvest: false,
  potAddress: null,
  plantedAt: null,
  harvestedAt: null,
  quantity: 1,
};
const garden: Garden = { pots: [pot], plants: [seed], items: [], pets: [] };
const planting = { owner: OWNER, potAddr: POT, plantAddr: SEED, seedName: 'Rare Seed' };
const noLookup = { videoTitle: () => undefined, username: () => undefined };

describe('a planting waiting offline', () => {
  it('shows the seed in its pot at once, growing from the time it was planted', () => {
    const submittedAt = Date.parse('2026-11-24T02:00:00.000Z');
    const view = withPending(garden, [{ variables: planting, submittedAt }], []);
    expect(view.pots[0]?.plantAddress).toBe(SEED);
    const shown = view.plants[0];
    expect(shown).toMatchObject({ potAddress: POT, plantedAt: '2026-11-24T02:00:00.000Z' });
    // Half the grow time later it is 50 %, Mature, computed from the timestamp alone.
    if (!shown) throw new Error('no plant');
    expect(plantNow(shown, submittedAt + 1800_000)).toMatchObject({
      extendedGrowthPercent: 50,
      growthStage: 3,
    });
  });

  it('shows a harvest at once: the pot is free and the plant is stage 5', () => {
    const growing = withPending(garden, [{ variables: planting, submittedAt: 0 }], []);
    const harvest = { owner: OWNER, plantAddr: SEED, plantName: 'Rare Seed' };
    const view = withPending(growing, [], [{ variables: harvest, submittedAt: 1000 }]);
    expect(view.pots[0]?.plantAddress).toBeNull();
    expect(view.plants[0]).toMatchObject({ potAddress: null, growthStage: 5, readyToHarvest: false });
  });

  it('is sent by the service worker as the page sends it, and words itself in the outbox list', () => {
    expect(gardenRequestFor(gardenMutationKeys.plant, planting)).toEqual({
      method: 'POST',
      path: '/api/garden/plant/seed',
      body: { potAddr: POT, plantAddr: SEED },
      headers: {},
    });
    const harvest = { owner: OWNER, plantAddr: SEED, plantName: 'Rare Seed' };
    expect(gardenRequestFor(gardenMutationKeys.harvest, harvest)?.body).toEqual({ plantAddr: SEED });
    expect(gardenRequestFor(['garden', 'evolve'], harvest)).toBeNull();
    expect(describeQueued(gardenMutationKeys.plant, planting, noLookup)).toBe('Plant · Rare Seed');
    expect(describeQueued(gardenMutationKeys.harvest, harvest, noLookup)).toBe('Harvest · Rare Seed');
  });

  it('is saved on the device with the owner’s garden, and nothing else of the garden', () => {
    const client = new QueryClient();
    client.setQueryData(['garden', 'mine', OWNER], garden);
    const paused: MutationState = {
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 1,
      failureReason: null,
      isPaused: true,
      status: 'pending',
      variables: planting,
      submittedAt: 0,
    };
    client.getMutationCache().build(client, { mutationKey: gardenMutationKeys.plant }, paused);
    client.getMutationCache().build(client, { mutationKey: ['garden', 'starter-kit'] });
    const kept = persistableClient({ buster: '', timestamp: 0, clientState: dehydrate(client) }).clientState;
    expect(kept.queries.map((query) => query.queryKey)).toEqual([['garden', 'mine', OWNER]]);
    expect(kept.mutations.map((mutation) => mutation.mutationKey)).toEqual([gardenMutationKeys.plant]);
  });
});
