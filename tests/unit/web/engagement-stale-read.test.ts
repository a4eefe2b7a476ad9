import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementKeys, engagementQueryKeys } from '../../../web/features/engagement/keys';
import { ensureEngagementDefaults } from '../../../web/features/engagement/mutation-defaults';

/* A write saved while a read of what it changes is still out: the read was answered before the
   write landed, so it says what was true before (not following, the count without the like), and it
   must not win over the write's own answer. */

const FOLLOWER = 'fan';
const CREATOR = 'creator';
const followingKey = engagementQueryKeys.following(FOLLOWER, CREATOR);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A read of the following state whose answer (`false`, from before the write) comes when told. */
function slowRead(client: QueryClient) {
  let answer: (value: boolean) => void = () => undefined;
  const read = client
    .fetchQuery({
      queryKey: followingKey,
      queryFn: () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    })
    .catch(() => 'cancelled');
  return { read, answerFromBeforeTheWrite: () => answer(false) };
}

describe('a follow saved while a read of it is still out', () => {
  it('keeps the write’s answer when the older read finishes after it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ data: { isFollowing: true, followers: 1, following: 0 } }, { status: 200 }),
      ),
    );
    const client = new QueryClient();
    ensureEngagementDefaults(client);
    const { read, answerFromBeforeTheWrite } = slowRead(client);

    await client
      .getMutationCache()
      .build(client, { mutationKey: engagementKeys.follow })
      .execute({ followerId: FOLLOWER, followingId: CREATOR, on: true });
    answerFromBeforeTheWrite();
    await read;

    expect(client.getQueryData(followingKey)).toBe(true);
  });
});

describe('a like saved while a read of the feed holding its count is still out', () => {
  it('shows the count with the like once the older read has finished', async () => {
    const shortsKey = ['shorts', 'all'];
    // The server's count, and the reads of the list still waiting for their answers.
    let serverLikes = 10;
    const waiting: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        serverLikes = 11;
        return Response.json({ data: { isLiked: true, likeCount: serverLikes } }, { status: 200 });
      }),
    );
    const client = new QueryClient();
    ensureEngagementDefaults(client);
    const short = { id: 'short-1', userId: 'creator', likes: 10 };
    client.setQueryData(shortsKey, [short]);
    // A read sent now answers with what the server had when it was sent, whenever it is let go.
    const readList = () => {
      const likes = serverLikes;
      return new Promise<(typeof short)[]>((resolve) => waiting.push(() => resolve([{ ...short, likes }])));
    };
    const read = client.fetchQuery({ queryKey: shortsKey, queryFn: readList, staleTime: 0 });

    await client
      .getMutationCache()
      .build(client, { mutationKey: engagementKeys.like })
      .execute({ kind: 'shorts', id: short.id, userId: FOLLOWER, on: true });
    for (const answer of waiting) answer();
    await read.catch(() => undefined);
    await vi.waitFor(() => expect(client.isFetching({ queryKey: shortsKey })).toBe(0));

    expect(client.getQueryData<(typeof short)[]>(shortsKey)?.[0]?.likes).toBe(11);
  });
});
