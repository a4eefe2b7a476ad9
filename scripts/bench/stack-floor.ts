/**
 * `npm run bench:stack-floor`: how much of home's initial JS is the stack's and how much is Reel's.
 * Builds scripts/bench/stack-floor (React DOM, TanStack Router and Query, none of our code) with
 * the same Vite, alias and target as the app, then prints its initial JS beside home's (run after
 * `vite build`). DESIGN.md §10's 110 KB budget is weighed against this floor in docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import appConfig from '../../vite.config';
import { initialScripts, totalKb } from './initial-js';

const outDir = mkdtempSync(path.join(tmpdir(), 'reel-stack-floor-'));
try {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.resolve('scripts/bench/stack-floor'),
    resolve: { alias: appConfig.resolve?.alias },
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: appConfig.build?.target },
  });
  const floor = totalKb(initialScripts(outDir));
  const home = totalKb(initialScripts(path.resolve('dist')));
  console.log(`The stack alone: ${floor.toFixed(1)} KB gzip`);
  console.log(`Home: ${home.toFixed(1)} KB gzip, of which Reel's own code ${(home - floor).toFixed(1)} KB`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
