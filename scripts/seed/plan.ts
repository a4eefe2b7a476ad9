import type { Category } from '../../schema/user';
import { buildEngagement } from './build-engagement';
import { buildCreators, buildFollows } from './build-people';
import { buildUploads } from './build-uploads';
import { DEMO_CONTENT } from './demo-content';
import { DEMO_CREATORS } from './demo-creators';
import type { MediaAsset, MediaObject } from './media';
import { createRandom } from './random';
import { applyCounters, type SeedPlan } from './rows';

/** Change it to get a different (but again stable) demo world. */
export const SEED = 20261120;

/**
 * Everything the seeder will write, computed without touching D1 or R2: the rows with their
 * counters, and the R2 objects (clips, posters, avatars) those rows point at.
 */
export function buildSeedPlan(
  categories: readonly Category[],
  media: readonly MediaAsset[],
): { plan: SeedPlan; objects: MediaObject[] } {
  const random = createRandom(SEED);
  const bannerKeys = media.filter((m) => m.kind === 'video').map((m) => m.thumbnailKey);
  const { creators, avatars } = buildCreators(random, DEMO_CREATORS, categories, bannerKeys);
  const follows = buildFollows(random, creators);
  const uploads = buildUploads(random, creators, DEMO_CONTENT, media);
  const engagement = buildEngagement(random, creators, uploads);
  const plan = applyCounters({
    users: creators.map((c) => c.row),
    videos: uploads.map((u) => u.row),
    follows,
    ...engagement,
  });
  return { plan, objects: [...media.flatMap((m) => m.objects), ...avatars] };
}
