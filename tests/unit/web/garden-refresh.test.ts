import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { gardenKeys, refreshGarden } from '../../../web/features/garden/queries';

/*
 * The first visit reads the garden while the starter kit is being granted. The read that started
 * before the grant answers an empty garden; the refresh after the grant must not adopt that answer
 * (TanStack's invalidate reuses an in-flight fetch of a query that has no data yet).
 */
describe('refreshing the garden after a write', () => {
  it('reads again even when a read started before the write is still in flight', async () => {
    const client = new QueryClient();
    const answers = [{ seeds: 0 }, { seeds: 3 }];
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: gardenKeys.mine('0x1'),
      queryFn: async ({ signal }) => {
        const answer = answers[calls++];
        await new Promise((resolve) => setTimeout(resolve, 20));
        signal.throwIfAborted();
        return answer;
      },
    });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    // The grant answers while the first read (started before it) is still on its way.
    await refreshGarden(client);

    expect(client.getQueryData(gardenKeys.mine('0x1'))).toEqual({ seeds: 3 });
    expect(seen).not.toContainEqual({ seeds: 0 });
    unsubscribe();
  });
});
