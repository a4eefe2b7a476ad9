import { type Mutation, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQueuedWork } from '../../../web/data/outbox-store';
import { engagementKeys, type LikeVariables } from '../../../web/features/engagement/keys';
import { ensureEngagementDefaults } from '../../../web/features/engagement/mutation-defaults';
import { cancelQueued } from '../../../web/features/outbox/cancel';
import { QueuedWorkCancelled } from '../../../web/lib/queued-work-retry';

/* A like whose calls get no answer while the browser counts itself online (a captive portal): it
   keeps trying, so Waiting to send lists it, and its Cancel must hold between two tries. */

const like: LikeVariables = { kind: 'videos', id: 'video-1', userId: 'fan', on: true };

/** A like as the button makes it (useMutation types its error as Error). */
const buildLike = (client: QueryClient) =>
  client.getMutationCache().build(client, { mutationKey: engagementKeys.like }) as Mutation<
    unknown,
    Error,
    unknown,
    unknown
  >;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a queued like trying again after no answer', () => {
  it('is listed as waiting, and once cancelled is never sent again', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    ensureEngagementDefaults(client);
    const cache = client.getMutationCache();
    const mutation = buildLike(client);
    const sent = mutation.execute(like);
    sent.catch(() => undefined);

    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(mutation.state).toMatchObject({ status: 'pending', isPaused: false, failureCount: 1 });
    expect(isQueuedWork(mutation)).toBe(true);

    // Cancelled between its first try and its second (1 s later).
    cancelQueued(cache, mutation);
    expect(cache.getAll()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(sent).rejects.toBeInstanceOf(QueuedWorkCancelled);
  });

  it('is not listed while its first try is still out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const client = new QueryClient();
    ensureEngagementDefaults(client);
    const mutation = buildLike(client);
    void mutation.execute(like);
    await Promise.resolve();
    expect(mutation.state.status).toBe('pending');
    expect(isQueuedWork(mutation)).toBe(false);
  });
});
