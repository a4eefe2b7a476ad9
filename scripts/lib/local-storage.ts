/**
 * The local D1 database and R2 bucket that `wrangler dev --persist-to DIR` keeps, opened from Node
 * for the seeder, the ledger audit and benchmarks. wrangler's getPlatformProxy would start every
 * binding of wrangler.toml around an empty worker, and workerd then warns, once for each Durable
 * Object class it cannot find, that calls to it "will fail at runtime": four alarming lines in a
 * newcomer's `npm start` for objects nobody here calls. Only D1 and R2 are opened.
 */
import path from 'node:path';
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { type Unstable_Config as Config, unstable_readConfig } from 'wrangler';

export type LocalStorage = { env: { DB: D1Database; MEDIA: R2Bucket }; dispose: () => Promise<void> };

export async function openLocalStorage(
  persistRoot: string,
  configPath = 'wrangler.toml',
): Promise<LocalStorage> {
  const config: Config = unstable_readConfig({ config: configPath }, { hideWarnings: true });
  const db = config.d1_databases.find((database) => database.binding === 'DB');
  const media = config.r2_buckets.find((bucket) => bucket.binding === 'MEDIA');
  if (!db?.database_id || !media?.bucket_name)
    throw new Error(`${configPath} has no DB database or MEDIA bucket`);
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default {}',
      compatibilityDate: config.compatibility_date,
      // The same names wrangler gives them, so this is the data `wrangler dev` serves.
      d1Databases: { DB: db.database_id },
      r2Buckets: { MEDIA: media.bucket_name },
      // wrangler keeps miniflare's state one level down, in v3/.
      resourcePersistencePath: path.join(persistRoot, 'v3'),
      // The fallback `request.cf`: no fetch of Cloudflare's sample from the internet.
      cf: false,
    }),
  );
  const [DB, MEDIA] = await Promise.all([miniflare.getD1Database('DB'), miniflare.getR2Bucket('MEDIA')]);
  // Miniflare's own copies of the Workers types: the same API, declared twice.
  return {
    env: { DB: DB as unknown as D1Database, MEDIA: MEDIA as unknown as R2Bucket },
    dispose: () => miniflare.dispose(),
  };
}
