/**
 * What this device keeps of a video its creator deleted, and how it goes (issue 20 §5): without
 * this, the creator's own device would still play it from its caches.
 *
 * | store                                  | what of the video                                  |
 * | -------------------------------------- | -------------------------------------------------- |
 * | IndexedDB reel-offline-media + Cache   | its kept file and index entry (offline-media-store) |
 * | Cache Storage reel-api-public-v2       | API answers that name it (its own, lists, feeds)   |
 * | Cache Storage reel-media-images        | its poster and poster sizes                        |
 *
 * The query cache (persisted to IndexedDB) is the caller's part: features/studio/evict-deleted.ts.
 */
import type { Video } from '../../schema/content';
import { removeOffline } from './offline-media-store';
import { API_CACHE } from './public-api-reads';

/** The service worker's cache of `/media` pictures (web/sw.ts). */
export const MEDIA_IMAGE_CACHE = 'reel-media-images';

const absolute = (path: string) => new URL(path, self.location.origin).href;

/** Deletes every saved API answer whose URL or body names the video. */
async function forgetApiAnswers(videoId: string): Promise<void> {
  const cache = await caches.open(API_CACHE);
  for (const request of await cache.keys()) {
    const answer = await cache.match(request);
    const names = request.url.includes(videoId) || (answer ? (await answer.text()).includes(videoId) : false);
    if (names) await cache.delete(request);
  }
}

/** Removes the deleted `video`'s file, its saved API answers and its pictures from this device. */
export async function forgetDeletedVideo(video: Video): Promise<void> {
  await removeOffline(video.id);
  if (typeof caches === 'undefined') return;
  await forgetApiAnswers(video.id);
  const images = await caches.open(MEDIA_IMAGE_CACHE);
  const pictures = [video.thumbnail, ...video.thumbnails.map((size) => size.url)].filter(Boolean);
  await Promise.all(pictures.map((url) => images.delete(absolute(url))));
}
