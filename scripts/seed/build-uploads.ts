import type { VideoType } from '../../schema/content';
import type { Creator } from './build-people';
import { BASE_TIME, DAY_MS, HOUR_MS, idAt, iso, timeBetween } from './clock';
import type { DemoCatalogue, DemoUpload } from './demo-content';
import type { MediaAsset } from './media';
import type { Random } from './random';
import type { VideoRow } from './rows';

/** A seeded upload with what the engagement generator needs: its creator and its time. */
export type Upload = { row: VideoRow; creator: Creator; uploadedAt: number };

/**
 * Videos and shorts for every creator's catalogue. Clips are handed out round-robin per kind, so
 * several rows share one file (as re-uploads would) while neighbours in a feed still differ.
 */
export function buildUploads(
  random: Random,
  creators: readonly Creator[],
  catalogue: Readonly<Record<string, DemoCatalogue>>,
  media: readonly MediaAsset[],
): Upload[] {
  const byKind = (kind: MediaAsset['kind']) => media.filter((m) => m.kind === kind);
  const clips: Record<VideoType, MediaAsset[]> = { video: byKind('video'), short: byKind('short') };
  const next: Record<VideoType, number> = { video: 0, short: 0 };
  const uploads: Upload[] = [];

  const add = (creator: Creator, type: VideoType, item: DemoUpload): void => {
    const pool = clips[type];
    const clip = pool[next[type]++ % pool.length];
    if (!clip) throw new Error(`No ${type} clips in the media manifest`);
    // A day after joining at the earliest: nobody uploads in their first minute.
    const uploadedAt = timeBetween(random, creator.joinedAt + DAY_MS, BASE_TIME - 2 * HOUR_MS);
    uploads.push({
      creator,
      uploadedAt,
      row: {
        id: idAt(random, uploadedAt),
        type,
        userId: creator.row.id,
        title: item.title,
        description: item.description,
        tags: item.tags,
        mediaKey: clip.mediaKey,
        thumbnailKey: clip.thumbnailKey,
        posterSizes: clip.posterSizes,
        contentType: 'video/mp4',
        sizeBytes: clip.sizeBytes,
        duration: clip.duration,
        width: clip.width,
        height: clip.height,
        isPublic: true,
        likes: 0,
        comments: 0,
        shares: 0,
        bookmarks: 0,
        views: 0,
        createdAt: iso(uploadedAt),
      },
    });
  };

  for (const creator of creators) {
    const own = catalogue[creator.row.username];
    if (!own) continue;
    for (const item of own.videos) add(creator, 'video', item);
    for (const item of own.shorts) add(creator, 'short', item);
  }
  return uploads;
}
