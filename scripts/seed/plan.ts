import type { Category } from '../../schema/user';
import { buildEngagement } from './build-engagement';
import { buildLiveStreams, DEMO_STREAMS, LOCAL_CREDENTIALS, type StreamCredentials } from './build-live';
import { buildDemoMoney, type DemoMoneyPlan } from './build-money';
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
 * counters, the R2 objects (clips, posters, avatars) those rows point at, and the demo money that
 * `npm start` moves through the worker once it runs (see build-money.ts). Stream credentials
 * are the one random part (see build-live.ts); a test may pass its own.
 */
export function buildSeedPlan(
  categories: readonly Category[],
  media: readonly MediaAsset[],
  credentials: StreamCredentials = LOCAL_CREDENTIALS,
): { plan: SeedPlan; objects: MediaObject[]; money: DemoMoneyPlan } {
  const random = createRandom(SEED);
  const bannerKeys = media.filter((m) => m.kind === 'video').map((m) => m.thumbnailKey);
  const { creators, avatars } = buildCreators(random, DEMO_CREATORS, categories, bannerKeys);
  const follows = buildFollows(random, creators);
  const uploads = buildUploads(random, creators, DEMO_CONTENT, media);
  const engagement = buildEngagement(random, creators, uploads);
  // Last, so adding streams left every earlier id and time of the demo world as it was.
  const live = buildLiveStreams(random, creators, DEMO_STREAMS, credentials);
  const money = buildDemoMoney(
    random,
    creators,
    uploads.map((u) => u.row),
  );
  const plan = applyCounters({
    users: creators.map((c) => c.row),
    videos: uploads.map((u) => u.row),
    follows,
    ...engagement,
    ...live,
  });
  return { plan, objects: [...media.flatMap((m) => m.objects), ...avatars], money };
}
