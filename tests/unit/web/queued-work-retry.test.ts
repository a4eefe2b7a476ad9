import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementKeys, type LikeVariables } from '../../../web/features/engagement/keys';
import { ensureEngagementDefaults } from '../../../web/features/engagement/mutation-defaults';

/* A like sent while the browser counts itself online but nothing gets through (a captive portal,
   a server out of reach, a network coming back slowly): the calls get no answer at all. */

const like: LikeVariables = { kind: 'shorts', id: 'short-1', userId: 'fan', on: true };
const liked = () => Response.json({ data: { isLiked: true, likeCount: 1 } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function sendLike(fetch: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetch));
  const client = new QueryClient();
  ensureEngagementDefaults(client);
  const mutation = client.getMutationCache().build(client, { mutationKey: engagementKeys.like });
  return { mutation, sent: mutation.execute(like) };
}

describe('a queued like whose calls get no answer', () => {
  it('keeps trying, a minute and more, until the server answers', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { mutation, sent } = sendLike(async () => {
      calls += 1;
      if (calls <= 8) throw new TypeError('Failed to fetch');
      return liked();
    });
    sent.catch(() => undefined);
    // 1, 2, 4, 8, 16, then 30 s between tries: the 8th is made at 91 s (and 8 ms: each call starts
    // in a task of its own, which fake timers put 1 ms on).
    await vi.advanceTimersByTimeAsync(91_008);
    expect(calls).toBe(8);
    expect(mutation.state.status).toBe('pending');

    await vi.advanceTimersByTimeAsync(30_000);
    await expect(sent).resolves.toEqual({ isLiked: true, likeCount: 1 });
    expect(calls).toBe(9);
  });

  it('is not tried again once the server has refused it', async () => {
    let calls = 0;
    const { sent } = sendLike(async () => {
      calls += 1;
      return Response.json({ error: { code: 'forbidden', message: 'Not yours' } }, { status: 403 });
    });
    await expect(sent).rejects.toThrow('Not yours');
    expect(calls).toBe(1);
  });
});
