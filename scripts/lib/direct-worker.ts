import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  convertV4MiniflareOptions,
  type Json,
  Log,
  LogLevel,
  Miniflare,
  type V4WorkerOptions,
} from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { runBin } from './run';
import { pipeRuntimeOutput } from './runtime-output';

/**
 * Names a folder holding the worker already bundled by `bundleWorker`: `npm test` sets it so its
 * e2e apps and the room and fault tests' workers (seven starts) do not each bundle the same sources.
 */
export const SHARED_BUNDLE_ENV = 'REEL_WORKER_BUNDLE';

/** Bundles the worker into `outdir` as `wrangler deploy` bundles it (index.js and its source map). */
export const bundleWorker = (outdir: string) =>
  runBin('wrangler', ['deploy', '--dry-run', '--outdir', outdir], { quiet: true });

/**
 * The worker on workerd alone (issue 14.10, issue 21): `wrangler dev` puts a proxy worker (a second
 * workerd) in front of ours, which is not what a request meets in production, and which answers a
 * POST 503 "Your worker restarted mid-request" whenever its pooled connection to our workerd was
 * idle for just under 5 s (docs/decisions/0008-workerd-alone-not-wrangler-dev.md). Here the worker is bundled as
 * `wrangler deploy` bundles it and run by Miniflare with wrangler.toml's bindings on the state
 * `wrangler dev --persist-to` keeps, so clients talk to workerd's own socket.
 *
 * `assets` adds the PWA (dist/, with `run_worker_first` and `_headers` as wrangler.toml has them);
 * benchmarks leave it out, since no request they measure reaches it. `logs` prints a line per
 * request and the worker's console, as `wrangler dev` does, but not workerd's report of a client
 * that hung up (runtime-output.ts); otherwise all of it is dropped.
 */
export const startDirectWorker = async (options: {
  port: number;
  persistTo: string;
  assets?: boolean;
  logs?: boolean;
  /** More `[vars]` for this run, e.g. the fault test's shorter settlement. */
  vars?: Record<string, string>;
}) => {
  // `npm test` bundles once for all its workers (SHARED_BUNDLE_ENV): a start then skips ~3 CPU s.
  const shared = process.env[SHARED_BUNDLE_ENV];
  // Beside the state rather than in /tmp: a worker SIGKILLed (the fault tests, a webServer's teardown)
  // leaves it behind, and the next start or the state's removal takes it away.
  const outdir = shared ? path.resolve(shared) : path.resolve(options.persistTo, 'bundle');
  const removeOwnBundle = () => {
    if (!shared) rmSync(outdir, { recursive: true, force: true });
  };
  removeOwnBundle();
  try {
    if (!shared) bundleWorker(outdir);
    const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
    // The bundle is plain JavaScript modules, found from the entry by Miniflare's default rules;
    // wrangler's own rules are a v4 option Miniflare 5 refuses to convert.
    const { assets, modulesRules: _modulesRules, ...bindings } = workerOptions;
    const state = path.join(options.persistTo, 'v3');
    // Miniflare 5 takes a new options shape; wrangler still hands out the v4 one, which it converts.
    const miniflare = new Miniflare(
      convertV4MiniflareOptions({
        ...bindings,
        ...(options.assets ? { assets: assets as V4WorkerOptions['assets'] } : {}),
        name: 'reel',
        modules: true,
        scriptPath: path.join(outdir, 'index.js'),
        modulesRoot: outdir,
        // The local chain, sign-in and ingest run only with this flag (worker/config/CONTEXT.md); it
        // is set here, not in wrangler.toml, so no deploy can inherit it.
        // wrangler's `Omit<>` of an index-signature type leaves every field `unknown`; these are vars.
        bindings: {
          ...(workerOptions.bindings as Record<string, Json> | undefined),
          LOCAL_PROVIDERS: 'on',
          ...options.vars,
        },
        // The fallback `request.cf`: no fetch of Cloudflare's sample from the internet.
        cf: false,
        host: '127.0.0.1',
        port: options.port,
        // D1, R2, Durable Objects and the cache each in their folder under it, as `wrangler dev` keeps them.
        resourcePersistencePath: state,
        ...(options.logs
          ? {
              log: new Log(LogLevel.INFO, { prefix: 'reel' }),
              handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
                pipeRuntimeOutput(stdout, process.stdout);
                pipeRuntimeOutput(stderr, process.stderr);
              },
            }
          : {
              handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
                stdout.resume();
                stderr.resume();
              },
            }),
      }),
    );
    const url = (await miniflare.ready).origin;
    return {
      url,
      stop: async () => {
        await miniflare.dispose();
        removeOwnBundle();
      },
    };
  } catch (error) {
    removeOwnBundle();
    throw error;
  }
};
