import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModerateCommentVariables } from '../../../web/features/engagement/api';
import {
  approveCommentKey,
  commentCountScope,
  type DeleteCommentVariables,
  engagementKeys,
} from '../../../web/features/engagement/keys';
import { ensureEngagementDefaults } from '../../../web/features/engagement/mutation-defaults';

/* A creator approves a held comment and deletes another before the first answer is back. Each
   answer carries the comment count as the server saw it when that change was written; an answer
   can come back after one written later (CI saw "4 Comments" stay where the server had 3). */

const VIDEO = 'video-1';
const videosKey = ['videos', 'latest', { limit: 12 }];

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A server that writes each change when its request arrives and answers only when told, the
 * newest request first (an older batch's answer is the one still on its way).
 */
function slowServer(listed: number) {
  let count = listed;
  const waiting: (() => void)[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    const approving = path.endsWith('/approve');
    count += approving ? 1 : -1;
    const data = approving ? { approved: true, commentCount: count } : { deleted: true, commentCount: count };
    expect(init.method).toBe(approving ? 'POST' : 'DELETE');
    return new Promise<Response>((resolve) => waiting.push(() => resolve(Response.json({ data }))));
  });
  /** Lets every answer out, newest first, until no request is left waiting. */
  const answerAll = async () => {
    for (let rounds = 0; rounds < 10; rounds += 1) {
      await vi
        .waitFor(() => expect(waiting.length).toBeGreaterThan(0), { timeout: 200 })
        .catch(() => undefined);
      const next = waiting.pop();
      if (!next) return;
      next();
    }
  };
  return { fetch, answerAll, count: () => count };
}

describe('changes to one video’s comments made while another is still out', () => {
  it('sends the next only once the last has answered, and shows the server’s count', async () => {
    const server = slowServer(4);
    vi.stubGlobal('fetch', server.fetch);
    const client = new QueryClient();
    ensureEngagementDefaults(client);
    client.setQueryData(videosKey, [{ id: VIDEO, userId: 'creator', likes: 0, comments: 4 }]);
    const scope = commentCountScope(VIDEO);
    const mutations = client.getMutationCache();
    const moderate: ModerateCommentVariables = { kind: 'videos', videoId: VIDEO, commentId: 'held-1' };
    const remove: DeleteCommentVariables = { ...moderate, userId: 'creator', commentId: 'listed-1' };

    const approving = mutations.build(client, { mutationKey: approveCommentKey, scope }).execute(moderate);
    const deleting = mutations
      .build(client, { mutationKey: engagementKeys.deleteComment, scope })
      .execute(remove);
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    // The delete waits for the approve's answer rather than racing it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await server.answerAll();
    await Promise.all([approving, deleting]);

    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.count()).toBe(4);
    expect(client.getQueryData<{ comments: number }[]>(videosKey)?.[0]?.comments).toBe(4);
  });
});
