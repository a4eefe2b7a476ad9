import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortsFeedQueryOptions } from '../../../web/features/shorts/feed-queries';

/* The reads whose counts change with every like (video, profile, shorts feed, stream key) are asked
   again when their page mounts, but not for an answer this page has just read: the loader reads the
   page's inlined first screen before the first render, and the mount must not ask the network for
   it a second time (issue 20). */

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A `fetch` that answers an empty feed page and counts the reads. */
const stubFeedReads = () => {
  const fetch = vi.fn(async () =>
    Response.json({ data: { items: [], total: 0, limit: 20, offset: 0, hasMore: false } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

/** Mounts the reels page's read of the feed and waits until it has settled. */
const mountFeed = async (client: QueryClient) => {
  const observer = new InfiniteQueryObserver(client, shortsFeedQueryOptions());
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  unsubscribe();
};

describe('the shorts feed read on mount', () => {
  it('is not asked again when this page read it just before (as its loader does)', async () => {
    const fetch = stubFeedReads();
    const client = new QueryClient();
    await client.ensureInfiniteQueryData(shortsFeedQueryOptions());
    await mountFeed(client);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is asked again when the answer was saved on an earlier visit', async () => {
    const fetch = stubFeedReads();
    const client = new QueryClient();
    // As the persister restores it: a page of the feed from the device's last visit.
    client.setQueryData(
      shortsFeedQueryOptions().queryKey,
      { pages: [{ items: [], total: 0, limit: 20, offset: 0, hasMore: false }], pageParams: [0] },
      { updatedAt: 1 },
    );
    await mountFeed(client);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
