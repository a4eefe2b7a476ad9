import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ItemSchema, PetSchema, PlantSchema, PotSchema, StarterKitSchema } from '../../../schema/garden';
import { apiGet, apiPost } from '../../lib/api';

/** Every garden query and mutation key starts with 'garden' (one invalidation refreshes them all). */
export const gardenKeys = {
  all: ['garden'] as const,
  mine: (owner: string) => ['garden', 'mine', owner] as const,
};

const GardenSchema = z.object({
  pots: z.array(PotSchema),
  plants: z.array(PlantSchema),
  items: z.array(ItemSchema),
  pets: z.array(PetSchema),
});
export type Garden = z.infer<typeof GardenSchema>;

/** The owner's pots, plants, items and pets, read in parallel from `/api/garden/{kind}/owner/{owner}`. */
export const gardenQueryOptions = (owner: string) =>
  queryOptions({
    queryKey: gardenKeys.mine(owner),
    // The saved copy (kept for offline) may predate the last planting or watched short: a screen
    // showing the garden asks again as it opens, and shows the saved one meanwhile.
    staleTime: 0,
    queryFn: async ({ signal }): Promise<Garden> => {
      const list = <S extends z.ZodMiniType>(kind: string, schema: S) =>
        apiGet(`/api/garden/${kind}/owner/${owner}`, z.array(schema), { signal });
      const [pots, plants, items, pets] = await Promise.all([
        list('pot', PotSchema),
        list('plant', PlantSchema),
        list('item', ItemSchema),
        list('pet', PetSchema),
      ]);
      return { pots, plants, items, pets };
    },
  });

/** The garden, re-read every `refetchMs` when given (the pet panel, so growth from watching shows). */
export function useGarden(owner: string | undefined, refetchMs?: number) {
  return useQuery({
    ...gardenQueryOptions(owner ?? ''),
    enabled: !!owner,
    refetchInterval: refetchMs,
  });
}

/**
 * Reads the garden again after a write. The read in flight is cancelled first: it may have started
 * before the write (the first visit reads while the starter kit is granted), and invalidating a
 * query that has no data yet joins its in-flight fetch instead of starting a new one.
 */
export async function refreshGarden(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: gardenKeys.all });
  await client.invalidateQueries({ queryKey: gardenKeys.all });
}

/** The first visit's starter kit (idempotent on the server: a second tab gets the same garden). */
export function useStarterKit() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['garden', 'starter-kit'],
    mutationFn: () => apiPost('/api/garden/starter-kit', undefined, StarterKitSchema),
    onSuccess: () => refreshGarden(client),
  });
}

/**
 * Uses an item on a growing plant (the server checks both are the caller's, the plant grows and the
 * item has a use left). The answer is the grown plant, put in the cached garden before the re-read.
 */
export function useItemOnPlant(owner: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['garden', 'use-item'],
    mutationFn: (body: { itemAddr: string; plantAddr: string }) =>
      apiPost('/api/garden/item/use-reduce-grow-time', body, PlantSchema),
    onSuccess: (plant) =>
      client.setQueryData<Garden>(
        gardenKeys.mine(owner),
        (garden) =>
          garden && {
            ...garden,
            plants: garden.plants.map((p) => (p.address === plant.address ? plant : p)),
          },
      ),
    onSettled: () => refreshGarden(client),
  });
}

export function useEvolve() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['garden', 'evolve'],
    mutationFn: (body: { plantAddr: string; receiver: string }) =>
      apiPost('/api/garden/pet/evolve', body, PetSchema),
    onSettled: () => refreshGarden(client),
  });
}
