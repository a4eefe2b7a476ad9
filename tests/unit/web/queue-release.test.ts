import { type DehydratedState, hydrate, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementKeys, type LikeVariables } from '../../../web/features/engagement/keys';
import { registerEngagementDefaults } from '../../../web/features/engagement/mutation-defaults';
import { AppQueryClient } from '../../../web/lib/query-client';

/* The app starts with a like queued offline: IndexedDB gives it back before the code that sends
   it has loaded, and the network returns in between. */

const like: LikeVariables = { kind: 'shorts', id: 'short-1', userId: 'fan', on: true };

/** The saved queue as the persister restores it: one like, paused after a failed try. */
const savedQueue: DehydratedState = {
  queries: [],
  mutations: [
    {
      mutationKey: [...engagementKeys.like],
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 1,
        failureReason: new TypeError('Failed to fetch'),
        isPaused: true,
        status: 'pending',
        variables: like,
        submittedAt: 1,
      },
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('a like restored from the saved queue', () => {
  it('waits for its code when the network returns first, then is sent once', async () => {
    const fetch = vi.fn(async () => Response.json({ data: { isLiked: true, likeCount: 1 } }));
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    const client = new AppQueryClient();
    client.mount();
    hydrate(client, savedQueue);
    const [restored] = client.getMutationCache().getAll();

    // The network comes back before the engagement defaults have loaded.
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(restored?.state).toMatchObject({ status: 'pending', isPaused: true });
    expect(fetch).not.toHaveBeenCalled();

    // What main.tsx does once the defaults have loaded; the 'online' event's resume goes too.
    registerEngagementDefaults(client);
    client.releaseQueue();
    await client.resumePausedMutations();
    await vi.waitFor(() =>
      expect(restored?.state).toMatchObject({ status: 'success', data: { isLiked: true, likeCount: 1 } }),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    client.unmount();
  });

  it('does not hold back the reads a reconnect refetches', async () => {
    const client = new AppQueryClient();
    client.mount();
    hydrate(client, savedQueue);
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['feed'],
      queryFn: async () => ++reads,
      staleTime: 0,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toBe(1));

    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(reads).toBe(2));
    unsubscribe();
    client.unmount();
  });
});
