import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { convertV4MiniflareOptions, type Json, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { runBin } from './run';

/**
 * The worker on workerd alone, for benchmarks (issue 14.10): `wrangler dev` puts a proxy worker
 * (a second workerd, with Node in between while it starts) in front of ours, which is not what a
 * request meets in production. Here the worker is bundled as `wrangler deploy` bundles it and run by
 * Miniflare with wrangler.toml's bindings on the state `wrangler dev --persist-to` keeps, so the
 * load generator talks to workerd's own socket. Static assets are left out: `/api/*` is
 * `run_worker_first`, so no request measured here ever reaches them.
 */
export const startDirectWorker = async (options: { port: number; persistTo: string }) => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'reel-bundle-'));
  try {
    runBin('wrangler', ['deploy', '--dry-run', '--outdir', outdir], { quiet: true });
    const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
    const { assets: _assets, ...bindingsAndRules } = workerOptions;
    const state = path.join(options.persistTo, 'v3');
    // Miniflare 5 takes a new options shape; wrangler still hands out the v4 one, which it converts.
    const miniflare = new Miniflare(
      convertV4MiniflareOptions({
        ...bindingsAndRules,
        name: 'reel',
        modules: true,
        scriptPath: path.join(outdir, 'index.js'),
        modulesRoot: outdir,
        // The local chain, sign-in and ingest run only with this flag, as `startWorker` sets it.
        // wrangler's `Omit<>` of an index-signature type leaves every field `unknown`; these are vars.
        bindings: { ...(workerOptions.bindings as Record<string, Json> | undefined), LOCAL_PROVIDERS: 'on' },
        // The fallback `request.cf`: no fetch of Cloudflare's sample from the internet.
        cf: false,
        host: '127.0.0.1',
        port: options.port,
        // D1, R2, Durable Objects and the cache each in their folder under it, as `wrangler dev` keeps them.
        resourcePersistencePath: state,
        // The worker still writes its request log; like `startWorker`'s `logs: 'ignore'`, nobody reads it.
        handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
          stdout.resume();
          stderr.resume();
        },
      }),
    );
    const url = (await miniflare.ready).origin;
    return {
      url,
      stop: async () => {
        await miniflare.dispose();
        rmSync(outdir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
};
