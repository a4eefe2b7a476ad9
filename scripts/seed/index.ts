/**
 * Demo data seeder: fills the local D1 database and R2 bucket that `wrangler dev` uses.
 *
 *   npx tsx scripts/seed/index.ts [--persist-to DIR] [--if-empty] [--demo-stream-to FILE]
 *
 * `--persist-to DIR` means what it means to wrangler (state under DIR/v3); without it, the
 * default `.wrangler/state` next to wrangler.toml. Apply the migrations first
 * (`npx wrangler d1 migrations apply DB --local [--persist-to DIR]`). `--if-empty` seeds only
 * when there are no users yet, so `npm start` can call it on every start. `--demo-stream-to FILE`
 * writes what `npm start` needs afterwards (a `DemoSeedReport`): the demo stream's secret key (a
 * local dev secret) on every run, and the demo money plan from a run that seeded.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import type { VideoType } from '../../schema/content';
import { openLocalStorage } from '../lib/local-storage';
import { DEMO_STREAMS } from './build-live';
import type { DemoMoneyPlan } from './build-money';
import type { DemoSeedReport } from './demo-report';
import { countUsers, getCategories, getDemoStreamTargets, insertSeedPlan } from './insert';
import { loadMediaAssets } from './media';
import { buildSeedPlan } from './plan';
import { putMediaObjects } from './store-media';

type SeedEnv = { DB: D1Database; MEDIA: R2Bucket };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MEDIA_DIR = join(ROOT, 'scripts', 'seed-media');

function parseCli() {
  const { values } = parseArgs({
    options: {
      'persist-to': { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      'demo-stream-to': { type: 'string' },
    },
  });
  // Same resolution as wrangler: an explicit dir is relative to cwd, the default sits by the config.
  const persistRoot = values['persist-to'] ? resolve(values['persist-to']) : join(ROOT, '.wrangler', 'state');
  return { persistRoot, ifEmpty: values['if-empty'], reportTo: values['demo-stream-to'] };
}

/** Seeds an empty database; answers the demo money to move, or null when skipped under `--if-empty`. */
async function seed(env: SeedEnv, persistRoot: string, ifEmpty: boolean): Promise<DemoMoneyPlan | null> {
  const started = performance.now();
  const { DB, MEDIA } = env;
  const users = await countUsers(DB).catch((error: unknown) => {
    throw new Error(`cannot read users (${String(error)}); apply the migrations first`);
  });
  if (users > 0) {
    if (ifEmpty) {
      console.log(`seed: skipped, ${persistRoot} already has ${users} users`);
      return null;
    }
    throw new Error(
      `${persistRoot} already has ${users} users; the seeder fills an empty database ` +
        '(pass --if-empty to skip quietly, or delete the persist dir and migrate again)',
    );
  }
  const [categories, media] = await Promise.all([getCategories(DB), loadMediaAssets(MEDIA_DIR)]);
  const { plan, objects, money } = buildSeedPlan(categories, media);
  // Objects first: a row must never point at a key that is not there yet.
  const written = await putMediaObjects(MEDIA, objects);
  await insertSeedPlan(DB, plan);

  const count = (type: VideoType) => plan.videos.filter((v) => v.type === type).length;
  const replies = plan.comments.filter((c) => c.parentId !== null).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `seed: ${plan.users.length} creators, ${count('video')} videos, ${count('short')} shorts, ` +
      `${plan.follows.length} follows, ${plan.likes.length} likes, ${plan.comments.length} comments ` +
      `(${replies} replies), ${plan.shares.length} shares, ${plan.bookmarks.length} bookmarks, ` +
      `${plan.views.length} views, ${plan.streamKeys.length} stream keys; ${objects.length} R2 objects ` +
      `(${written} new) in ${persistRoot} in ${seconds}s`,
  );
  return money;
}

async function main(): Promise<void> {
  const { persistRoot, ifEmpty, reportTo } = parseCli();
  const proxy = await openLocalStorage(persistRoot);
  try {
    const money = await seed(proxy.env, persistRoot, ifEmpty);
    if (reportTo) {
      const streams = await getDemoStreamTargets(
        proxy.env.DB,
        DEMO_STREAMS.map((d) => d.username),
      );
      const report: DemoSeedReport = { streams, money };
      writeFileSync(reportTo, JSON.stringify(report));
    }
  } finally {
    await proxy.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
