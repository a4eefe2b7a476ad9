import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import { evictFromQueries, withoutVideo } from './evict-deleted';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an edit changes of a video record; its counters stay as each query last read them. */
const editedFields = (video: Video) => ({
  title: video.title,
  description: video.description,
  tags: video.tags,
  isPublic: video.isPublic,
  thumbnail: video.thumbnail,
  thumbnails: video.thumbnails,
});

/**
 * `data` with the edited fields of `video` written into every record of it (a list, a page's
 * `items`, an infinite query's pages, the record itself); the same object when nothing held it,
 * so untouched queries are not rewritten.
 */
export function withEditedVideo(data: unknown, video: Video): unknown {
  if (Array.isArray(data)) {
    const next = data.map((item) => withEditedVideo(item, video));
    return next.some((item, i) => item !== data[i]) ? next : data;
  }
  if (!isRecord(data)) return data;
  if (data.id === video.id && typeof data.videoUrl === 'string') return { ...data, ...editedFields(video) };
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    next[key] = withEditedVideo(value, video);
    if (next[key] !== value) changed = true;
  }
  return changed ? next : data;
}

/**
 * After an edit, every query on this device shows the new title, poster and tags at once (the
 * persister then saves them). A video made private also leaves every list, as a deleted one does:
 * the studio's lists and its own page read it again from the server, which still answers its owner.
 */
export function applyEditToQueries(client: QueryClient, video: Video): void {
  if (!video.isPublic) evictFromQueries(client, video.id);
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    const next = withEditedVideo(data, video);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}

/**
 * A saved API answer (web/data/edited-video.ts) as it reads after the edit: the new fields, or for a
 * video made private, the lists without it and its own answer gone (null), as its owner's answers
 * are never kept.
 */
export function editedAnswer(body: unknown, video: Video): unknown {
  if (video.isPublic) return withEditedVideo(body, video);
  if (isRecord(body) && isRecord(body.data) && body.data.id === video.id) return null;
  return withoutVideo(body, video.id);
}
