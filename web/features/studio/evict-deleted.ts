import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import { forgetDeletedVideo } from '../../data/deleted-video';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A video record (schema/content.ts) with this id. */
const isVideo = (value: unknown, id: string) =>
  isRecord(value) && value.id === id && typeof value.videoUrl === 'string';

/**
 * `data` without the video `id` wherever a list holds it (lists, `{items, total}` pages, infinite
 * queries' pages), a page's `total` one less per item taken; the same object when nothing held it,
 * so untouched queries are not rewritten.
 */
export function withoutVideo(data: unknown, id: string): unknown {
  if (Array.isArray(data)) {
    const kept = data.filter((item) => !isVideo(item, id)).map((item) => withoutVideo(item, id));
    const changed = kept.length !== data.length || kept.some((item, i) => item !== data[i]);
    return changed ? kept : data;
  }
  if (!isRecord(data)) return data;
  const next: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(data)) {
    next[key] = withoutVideo(value, id);
    if (next[key] !== value) changed = true;
  }
  if (!changed) return data;
  if (Array.isArray(data.items) && Array.isArray(next.items) && typeof data.total === 'number') {
    next.total = Math.max(0, data.total - (data.items.length - next.items.length));
  }
  return next;
}

/**
 * After a delete: the video's own queries (its record, its stats: any key naming it) go, and every
 * other query that lists it loses it, so nothing on this device shows or plays it again; the
 * persister writes the cache so changed to IndexedDB.
 */
export function evictFromQueries(client: QueryClient, id: string): void {
  client.removeQueries({
    predicate: (query) => query.queryKey.includes(id) || isVideo(query.state.data, id),
  });
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    const next = withoutVideo(data, id);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}

/** Evicts a deleted video from the query cache, then from the device's stores (data/deleted-video.ts). */
export async function evictDeletedVideo(client: QueryClient, video: Video): Promise<void> {
  evictFromQueries(client, video.id);
  await forgetDeletedVideo(video);
}
