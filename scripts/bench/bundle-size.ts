/**
 * Budget check (DESIGN.md §10): the JavaScript the home route loads before anything lazy, gzipped,
 * must stay within the budget. Reads dist/index.html, follows its module script and modulepreload
 * links, and sums their gzip sizes. Run after `vite build`; exits 1 over budget.
 */
import path from 'node:path';
import { initialScripts, totalKb } from './initial-js';

const BUDGET_KB = 120;
const scripts = initialScripts(path.resolve('dist'));
for (const { src, gzipBytes } of scripts) console.log(`  ${src}: ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
const total = totalKb(scripts);
const verdict = total <= BUDGET_KB ? 'within' : 'OVER';
console.log(`Initial JS of home: ${total.toFixed(1)} KB gzip (${verdict} the ${BUDGET_KB} KB budget)`);
if (total > BUDGET_KB) process.exit(1);
