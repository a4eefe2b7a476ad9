/**
 * Ledger throughput on local D1 (DESIGN.md §5): starts the worker (on workerd alone, or `wrangler
 * dev` with `--via wrangler`; its local chain and D1) on a free loopback port, signs in and registers `--users` wallets, buys each the 5000 REEL
 * package with real APT transfers on the local chain (faucet, ts-sdk transfer, relayer credit), then
 * creates `--tips` tips among them and confirms them through `POST /api/tips/{id}/confirm`, all at
 * once or with at most `--concurrency` in flight (a pool of clients, each sending its next confirm
 * when the last one answered). Prints tips per second and confirm latencies, checks that the users' REEL sum did not change,
 * withdraws a little for five users, then stops the worker and runs `scripts/ledger-audit.ts` on the
 * state. Exits 1 on any failure.
 *
 *   npx tsx scripts/bench/ledger-throughput.ts [--users 50] [--tips 1000] [--concurrency N] [--persist-to DIR]
 *     [--via workerd|wrangler]
 *
 * Without `--persist-to` the state lives in a temporary folder removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GIFTS } from '../../schema/catalogue';
import {
  type Answer,
  balanceOf,
  buyReel,
  expectData as expectOk,
  inBatches,
  joinOverHttp,
  jsonClient,
  localChain,
  type Member,
  mintApt,
  REEL_PACKAGE as PACKAGE,
} from '../../tests/factories/reel-member';
import { formatSummary, type Sample, summarize } from '../lib/load';
import { runBinAsync } from '../lib/run';
import { benchRuntime, startOn } from '../lib/seeded-worker';
import { applyMigrations, freePort } from '../lib/worker-process';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    tips: { type: 'string', default: '1000' },
    concurrency: { type: 'string' },
    'persist-to': { type: 'string' },
    via: { type: 'string' },
  },
});
const USERS = Number(values.users);
const TIPS = Number(values.tips);
const CONCURRENCY = values.concurrency ? Number(values.concurrency) : TIPS;
const PRICES = [...new Set(GIFTS.map((gift) => gift.price))].filter((price) => price <= 150);

/** Requests wrangler dev answered 503 "restarted mid-request" and were sent again (all idempotent). */
let resent = 0;
/** What those 503s said, by text: so a report tells wrangler's restarts from anything else. */
const resentFor = new Map<string, number>();

/**
 * Tip creation (with its key) and confirm are replay-safe, so a restarted runtime's 503, or the
 * connection it dropped (fetch failed), is resent.
 */
const client = (url: string) => {
  const once = jsonClient(url);
  const dropped = (error: unknown): Answer => ({ status: 503, body: `fetch failed: ${String(error)}` });
  return async (pathname: string, method: string, body?: unknown, key?: string): Promise<Answer> => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await once(pathname, method, body, key).catch(dropped);
      if (answer.status !== 503 || attempt === 3) return answer;
      resent += 1;
      const said = JSON.stringify(answer.body).slice(0, 160);
      resentFor.set(said, (resentFor.get(said) ?? 0) + 1);
    }
  };
};

const join = (url: string, n: number) => joinOverHttp(url, `bench_${n}`, client(url));

const persistTo = values['persist-to']
  ? path.resolve(values['persist-to'])
  : mkdtempSync(path.join(tmpdir(), 'reel-ledger-'));
await applyMigrations(persistTo);
const worker = await startOn(benchRuntime(values.via), await freePort(), persistTo);
let failed = false;
try {
  const config = expectOk(await client(worker.url)('/api/config', 'GET'), 'config') as {
    platformAddress: string;
  };
  const aptos = localChain(worker.url);
  const members = await inBatches(
    Array.from({ length: USERS }, (_, n) => n),
    10,
    (n) => join(worker.url, n),
  );
  const fundStarted = performance.now();
  await inBatches(members, 1, (member) => mintApt(worker.url, member));
  await inBatches(members, 10, (member) => buyReel(aptos, config.platformAddress, member));
  console.log(
    `${USERS} deposits of ${PACKAGE.reel} REEL verified on the local chain in ${((performance.now() - fundStarted) / 1000).toFixed(1)} s`,
  );
  const before = (await Promise.all(members.map(balanceOf))).reduce((a, b) => a + b, 0);

  const plans = Array.from({ length: TIPS }, (_, i) => {
    const from = members[i % USERS] as Member;
    const to = members[(i * 7 + 3) % USERS] as Member;
    return {
      from,
      to: to === from ? (members[(i + 1) % USERS] as Member) : to,
      amount: PRICES[i % PRICES.length] ?? 1,
    };
  });
  const created = await inBatches(plans, 100, async (plan, i) => {
    const tip = expectOk(
      await plan.from.call(
        '/api/tips',
        'POST',
        { tipperId: plan.from.id, receiverId: plan.to.id, amount: plan.amount, tipType: 'general' },
        `bench-tip-${i}`,
      ),
      'create tip',
    );
    return { ...plan, tipId: String(tip.id) };
  });

  const refusals = new Map<string, number>();
  const samples: Sample[] = [];
  let next = 0;
  const confirmClient = async () => {
    for (let tip = created[next++]; tip; tip = created[next++]) {
      const sent = performance.now();
      const answer = await tip.from.call(`/api/tips/${tip.tipId}/confirm`, 'POST');
      if (answer.status !== 200)
        refusals.set(JSON.stringify(answer.body), (refusals.get(JSON.stringify(answer.body)) ?? 0) + 1);
      samples.push({ path: 'confirm', ms: performance.now() - sent, ok: answer.status === 200 });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, TIPS) }, confirmClient));
  const seconds = (performance.now() - started) / 1000;
  const confirmed = samples.filter((sample) => sample.ok).length;
  const how = CONCURRENCY >= TIPS ? 'at once' : `${CONCURRENCY} at a time`;
  console.log(
    `${confirmed} of ${TIPS} tips among ${USERS} users confirmed ${how} in ${seconds.toFixed(2)} s: ` +
      `${(confirmed / seconds).toFixed(0)} tips/s through the API on local D1`,
  );
  console.log(`confirm latency: ${formatSummary(summarize(samples))}`);
  for (const [answer, count] of refusals) console.log(`refused ${count}×: ${answer}`);
  if (resent > 0)
    console.log(`${resent} requests resent after wrangler dev answered 503 (restarted mid-request)`);
  for (const [said, count] of resentFor) console.log(`  503 ${count}×: ${said}`);
  const after = (await Promise.all(members.map(balanceOf))).reduce((a, b) => a + b, 0);
  console.log(`users' REEL before ${before}, after ${after}: ${before === after ? 'unchanged' : 'CHANGED'}`);
  if (before !== after) failed = true;
  // A few withdrawals too (REEL sent back on chain), so the audit below covers every kind of movement.
  const withdrawn = await Promise.all(
    members
      .slice(0, 5)
      .map(async (member) =>
        expectOk(
          await member.call(
            '/relayer/api/withdraw',
            'POST',
            { userAddress: member.address, amount: 1 },
            'bench-w',
          ),
          'withdraw',
        ),
      ),
  );
  console.log(`withdrawals: ${withdrawn.map((w) => w.status).join(', ')}`);
} catch (error) {
  console.error(`ledger-throughput: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await worker.stop();
}
const audit = await runBinAsync('tsx', ['scripts/ledger-audit.ts', '--persist-to', persistTo]);
if (!values['persist-to']) rmSync(persistTo, { recursive: true, force: true });
process.exitCode = failed || audit !== 0 ? 1 : 0;
