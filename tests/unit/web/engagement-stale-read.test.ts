import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementKeys, engagementQueryKeys } from '../../../web/features/engagement/keys';
import { ensureEngagementDefaults } from '../../../web/features/engagement/mutation-defaults';

/* A follow saved while the page's read of "am I following?" is still out: the read was answered
   before the write landed, so it says no, and it must not win over the write's own answer. */

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
