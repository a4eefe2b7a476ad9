/**
 * Search latencies on local wrangler (issue 4: the closing note's search figures). Starts the
 * product from a fresh seeded state plus `--users` synthetic creators (so the FTS index and the
 * category lists have a realistic size), then measures `GET /api/users/search`, `/search/suggestions`
 * and `/search/category`: serially (one request at a time) and open-loop at a fixed rate. Prints
 * percentiles; loopback only; stops by itself. Exits 1 only when requests failed.
 *
 *   npx tsx scripts/bench/search.ts [--users 5000] [--serial 200] [--rate 50] [--seconds 10]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSummary, measureAtRate, measureSerial, type Sample, summarize } from '../lib/load';
import { executeSqlFile, startSeededWorker } from '../lib/seeded-worker';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    serial: { type: 'string', default: '200' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
  },
});
const extraUsers = Math.min(Number(values.users), 100_000);
const serialCount = Number(values.serial);
const rate = Number(values.rate);
const seconds = Math.min(Number(values.seconds), 60);

/** What people type: names and words of the demo and of the synthetic creators, hits and misses. */
const ENDPOINTS = {
  search: [
    'nova',
    'lena okafor',
    'beats',
    'valorant',
    'min',
    'travel food',
    'chill',
    'ma',
    'street',
    'zzqxv',
  ].map((q) => `/api/users/search?q=${encodeURIComponent(q)}&limit=50`),
  suggestions: ['n', 'no', 'nov', 'nova', 'l', 'le', 'len', 'lena', 'gam', 'mus', 'tr', 'tra'].map(
    (q) => `/api/users/search/suggestions?q=${encodeURIComponent(q)}&limit=5`,
  ),
  category: [
    'category=Gaming',
    'category=Music&subCategory=Lo-fi',
    'category=Sports',
    'category=Lifestyle',
  ].map((query) => `/api/users/search/category?${query}&limit=50`),
} as const;
type Endpoint = keyof typeof ENDPOINTS;

const FIRST = ['alex', 'sam', 'maya', 'noah', 'lena', 'omar', 'yuki', 'ines', 'theo', 'zara', 'kai', 'ruth'];
const LAST = ['reyes', 'park', 'okafor', 'lind', 'sato', 'haddad', 'bell', 'moreau', 'raman', 'carter'];
const WORDS = [
  'daily',
  'ranked',
  'chill',
  'beats',
  'street',
  'food',
  'travel',
  'budget',
  'workout',
  'coding',
  'history',
  'blockchain',
  'gadgets',
  'reviews',
  'comedy',
  'vlogs',
  'minecraft',
  'valorant',
  'football',
  'fitness',
  'lofi',
  'guitar',
  'science',
  'finance',
  'fashion',
  'art',
  'podcast',
  'reactions',
  'esports',
  'pop',
];
const CATEGORIES = [
  ['Gaming', 'Valorant'],
  ['Gaming', 'Minecraft'],
  ['Music', 'Lo-fi'],
  ['Music', 'Pop'],
  ['Education', 'Programming'],
  ['Entertainment', 'Vlogs'],
  ['Sports', 'Fitness'],
  ['Technology', 'AI'],
  ['Lifestyle', 'Travel'],
  ['Lifestyle', 'Food'],
] as const;

/** D1 refuses statements over 100 KB: about 250 bytes a row. */
const ROWS_PER_INSERT = 200;

/** Deterministic synthetic creators as SQL (only [a-z0-9_ -] text: nothing to escape). */
const syntheticUsersSql = (count: number) => {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  const pick = <T>(list: readonly T[]) => list[next() % list.length] as T;
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const [first, last] = [pick(FIRST), pick(LAST)];
    const words = Array.from({ length: 8 }, () => pick(WORDS));
    const [category, subCategory] = pick(CATEGORIES);
    rows.push(
      `('bench-${i}', '${first}_${pick(WORDS)}${i}', '${first} ${last}', 'bench${i}@example.com', ` +
        `'${words.join(' ')}', '', '0x${(0xb000000 + i).toString(16).padStart(64, '0')}', '${category}', ` +
        `'${subCategory}', '["${words[0]}","${words[1]}"]', '{}', ${next() % 5000}, ` +
        `'2026-01-01T00:00:00.${String(i % 1000).padStart(3, '0')}Z')`,
    );
  }
  const chunks: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    chunks.push(
      'INSERT INTO users (id, username, full_name, email, description, avatar, aptos_address, category, ' +
        `sub_category, tags, social, followers, created_at) VALUES\n${rows.slice(i, i + ROWS_PER_INSERT).join(',\n')};`,
    );
  }
  return chunks.join('\n');
};

// One loopback IP at 50 req/s is far past the 300/min search limit: turn that limiter off, visibly.
Object.assign(process.env, { CLOUDFLARE_INCLUDE_PROCESS_ENV: 'true', RATE_LIMITS_OFF: 'SEARCH_LIMITER' });
const worker = await startSeededWorker({
  prepare: (persistTo) => {
    if (extraUsers <= 0) return;
    const file = path.join(persistTo, 'bench-users.sql');
    writeFileSync(file, syntheticUsersSql(extraUsers));
    executeSqlFile(persistTo, file);
  },
});

const byEndpoint = (samples: readonly Sample[], endpoint: Endpoint) =>
  samples.filter((sample) => (ENDPOINTS[endpoint] as readonly string[]).includes(sample.path));

try {
  const all = Object.values(ENDPOINTS).flat();
  for (const p of all) await (await fetch(worker.url + p)).arrayBuffer(); // warm the isolate and D1

  console.log(`Search latencies: demo seed + ${extraUsers} synthetic creators, local wrangler dev`);
  let failed = 0;
  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    const summary = summarize(await measureSerial(worker.url, ENDPOINTS[endpoint], serialCount));
    failed += summary.failed;
    console.log(`  serial      ${endpoint.padEnd(12)} ${formatSummary(summary)}`);
  }
  const mixed = await measureAtRate(worker.url, all, rate, seconds);
  for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
    const summary = summarize(byEndpoint(mixed, endpoint));
    failed += summary.failed;
    console.log(`  ${`${rate}/s mixed`.padEnd(11)} ${endpoint.padEnd(12)} ${formatSummary(summary)}`);
  }
  console.log(`  ${`${rate}/s mixed`.padEnd(11)} ${'all'.padEnd(12)} ${formatSummary(summarize(mixed))}`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  await worker.stop();
}
