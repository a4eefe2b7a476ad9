/**
 * Budget check (DESIGN.md §10): the JavaScript the home route loads before anything lazy, gzipped,
 * must stay within the budget. Reads dist/index.html, follows its module script and modulepreload
 * links, and sums their gzip sizes. Run after `vite build`; exits 1 over budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const dist = path.resolve('dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = new Set(
  [
    ...html.matchAll(
      /<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g,
    ),
  ].map((match) => match[1] ?? ''),
);
if (scripts.size === 0) throw new Error('No module scripts found in dist/index.html');

let total = 0;
for (const src of scripts) {
  const gzipped = gzipSync(readFileSync(path.join(dist, src.replace(/^\//, '')))).length;
  total += gzipped;
  console.log(`  ${src}: ${(gzipped / 1024).toFixed(1)} KB gzip`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `Initial JS of home: ${(total / 1024).toFixed(1)} KB gzip (${verdict} the ${BUDGET_BYTES / 1024} KB budget)`,
);
if (total > BUDGET_BYTES) process.exit(1);
