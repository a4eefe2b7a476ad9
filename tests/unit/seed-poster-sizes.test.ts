import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTER_SIZE_MAX_BYTES, posterWidths } from '../../schema/posters';
import type { Category } from '../../schema/user';
import { DEMO_CREATORS } from '../../scripts/seed/demo-creators';
import { loadMediaAssets } from '../../scripts/seed/media';
import { buildSeedPlan } from '../../scripts/seed/plan';
import { imageWidth } from '../../worker/api/uploads/image-width';

const MEDIA_DIR = join(import.meta.dirname, '../../scripts/seed-media');

const categories: Category[] = [...new Set(DEMO_CREATORS.map((c) => c.category))].map((name) => ({
  name,
  subCategories: [...new Set(DEMO_CREATORS.filter((c) => c.category === name).map((c) => c.subCategory))],
}));

describe('the demo media poster sizes', () => {
  it('gives every clip the widths an upload of its frame would make, each a WebP of that width within the cap', async () => {
    const media = await loadMediaAssets(MEDIA_DIR);
    for (const clip of media) {
      expect(clip.posterSizes.map((size) => size.width)).toEqual(posterWidths(clip.kind, clip.width));
      expect(clip.posterSizes.length).toBeGreaterThanOrEqual(2);
      for (const size of clip.posterSizes) {
        const object = clip.objects.find((o) => o.key === size.key);
        expect(object?.contentType).toBe('image/webp');
        expect(size.key).toMatch(/^images\/[0-9a-f]{64}\.webp$/);
        expect(imageWidth(object?.body ?? new Uint8Array(), 'webp')).toBe(size.width);
        expect(object?.body.byteLength).toBeLessThanOrEqual(POSTER_SIZE_MAX_BYTES);
      }
    }
  });

  it('lists its clip’s poster sizes on every seeded video and short, and puts their objects in R2', async () => {
    const media = await loadMediaAssets(MEDIA_DIR);
    const { plan, objects } = buildSeedPlan(categories, media);
    const keys = new Set(objects.map((o) => o.key));
    expect(plan.videos.length).toBeGreaterThan(0);
    for (const video of plan.videos) {
      const clip = media.find((m) => m.thumbnailKey === video.thumbnailKey);
      expect(video.posterSizes).toEqual(clip?.posterSizes);
      for (const size of video.posterSizes) expect(keys.has(size.key)).toBe(true);
    }
  });
});
