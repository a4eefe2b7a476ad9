import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import type { CommentThread } from '../../../schema/engagement';

/** Query-key roots holding videos and shorts (lists, pages, infinite feeds, single items). */
const VIDEO_ROOTS = [['videos'], ['shorts']] as const;

const isVideo = (value: object): value is Video => 'id' in value && 'likes' in value && 'userId' in value;

/** Copies `data` with every matching video patched; unchanged branches keep their identity. */
function patchIn(
  data: unknown,
  match: (video: Video) => boolean,
  patch: (video: Video) => Partial<Video>,
): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchIn(item, match, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (data === null || typeof data !== 'object') return data;
  if (isVideo(data)) return match(data) ? { ...data, ...patch(data) } : data;
  // Pages ({ items }) and infinite data ({ pages }) hold videos one level down.
  for (const field of ['items', 'pages'] as const) {
    if (field in data) {
      const inner = (data as Record<string, unknown>)[field];
      const patched = patchIn(inner, match, patch);
      return patched === inner ? data : { ...data, [field]: patched };
    }
  }
  return data;
}

/**
 * Applies a server answer (a new count) to every cached copy of the matching videos. A read of those
 * lists still out may have been answered before the write landed: it is sent again, so its answer
 * cannot put back the count from before the write (an offline like, once sent, showed the count
 * without it that way when the reconnected page's feed read finished after the like's answer).
 */
export function patchCachedVideos(
  client: QueryClient,
  match: (video: Video) => boolean,
  patch: (video: Video) => Partial<Video>,
): void {
  for (const queryKey of VIDEO_ROOTS) {
    client.setQueriesData({ queryKey }, (data: unknown) => patchIn(data, match, patch));
    void client.invalidateQueries({
      queryKey,
      // Not a feed's next page on its way: that read adds other videos, and sending its whole feed
      // again instead would hold up the page the viewer scrolls to.
      predicate: (query) => query.state.fetchStatus === 'fetching' && !query.state.fetchMeta?.fetchMore,
      refetchType: 'all',
    });
  }
}

/** Removes a comment (and its replies, which the server deleted with it) from a thread list. */
export function withoutComment(threads: readonly CommentThread[], commentId: string): CommentThread[] {
  return threads
    .filter((thread) => thread.comment.id !== commentId)
    .map((thread) => ({ ...thread, replies: withoutComment(thread.replies, commentId) }));
}

/** Whether a comment or reply with this id is in the thread list, at any depth. */
export function hasComment(threads: readonly CommentThread[], commentId: string): boolean {
  return threads.some((thread) => thread.comment.id === commentId || hasComment(thread.replies, commentId));
}

/** Adds a new comment on top, or a reply at the end of its parent's replies (oldest first). */
export function withComment(threads: readonly CommentThread[], added: CommentThread): CommentThread[] {
  const { parentId } = added.comment;
  if (parentId === null) return [added, ...threads];
  return threads.map((thread) =>
    thread.comment.id === parentId
      ? { ...thread, replies: [...thread.replies, added] }
      : { ...thread, replies: withComment(thread.replies, added) },
  );
}

function findIn(data: unknown, match: (video: Video) => boolean): Video | undefined {
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = findIn(item, match);
      if (found) return found;
    }
    return undefined;
  }
  if (data === null || typeof data !== 'object') return undefined;
  if (isVideo(data)) return match(data) ? data : undefined;
  for (const field of ['items', 'pages'] as const) {
    if (field in data) return findIn((data as Record<string, unknown>)[field], match);
  }
  return undefined;
}

/** The first cached video or short that `match` accepts (lists, pages, feeds, single items). */
export function findCachedVideo(client: QueryClient, match: (video: Video) => boolean): Video | undefined {
  for (const queryKey of VIDEO_ROOTS) {
    for (const [, data] of client.getQueriesData({ queryKey })) {
      const found = findIn(data, match);
      if (found) return found;
    }
  }
  return undefined;
}
