/**
 * Ledger throughput on local D1 (DESIGN.md §5): starts the product (`wrangler dev`, its local chain
 * and D1) on a free loopback port, signs in and registers `--users` wallets, buys each the 5000 REEL
 * package with real APT transfers on the local chain (faucet, ts-sdk transfer, relayer credit), then
 * creates `--tips` tips among them and confirms them all at once through `POST /api/tips/{id}/confirm`.
 * Prints tips per second and confirm latencies, checks that the users' REEL sum did not change,
 * withdraws a little for five users, then stops the worker and runs `scripts/ledger-audit.ts` on the
 * state. Exits 1 on any failure.
 *
 *   npx tsx scripts/bench/ledger-throughput.ts [--users 50] [--tips 1000] [--persist-to DIR]
 *
 * Without `--persist-to` the state lives in a temporary folder removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Aptos, AptosConfig, Ed25519Account, Network } from '@aptos-labs/ts-sdk';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { GIFTS } from '../../schema/catalogue';
import { formatSummary, type Sample, summarize } from '../lib/load';
import { runBinAsync } from '../lib/run';
import { applyMigrations, freePort, startWorker } from '../lib/worker-process';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    tips: { type: 'string', default: '1000' },
    'persist-to': { type: 'string' },
  },
});
const USERS = Number(values.users);
const TIPS = Number(values.tips);
const PACKAGE = { reel: 5000, octas: 1_150_000_000 };
const PRICES = [...new Set(GIFTS.map((gift) => gift.price))].filter((price) => price <= 150);

type Answer = { status: number; body: unknown };

/** A signed-in user: their chain account and a cookie-keeping JSON client. */
type Member = {
  account: Ed25519Account;
  address: string;
  id: string;
  call: (pathname: string, method: string, body?: unknown, key?: string) => Promise<Answer>;
};

/** Requests wrangler dev answered 503 "restarted mid-request" and were sent again (all idempotent). */
let resent = 0;

const client = (url: string) => {
  let cookie = '';
  const once = async (pathname: string, method: string, body?: unknown, key?: string): Promise<Answer> => {
    const response = await fetch(url + pathname, {
      method,
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text();
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      // wrangler dev answers plain text when the runtime itself fails: keep it for the report.
      return { status: response.status, body: text.slice(0, 300) };
    }
  };
  /** Tip creation (with its key) and confirm are replay-safe, so a restarted runtime's 503 is resent. */
  return async (pathname: string, method: string, body?: unknown, key?: string): Promise<Answer> => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await once(pathname, method, body, key);
      if (answer.status !== 503 || attempt === 3) return answer;
      resent += 1;
    }
  };
};

const expectOk = (answer: Answer, what: string) => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { data: Record<string, unknown> }).data;
};

/** Signs in with the account's key as a wallet would (AIP-62 message) and registers a profile. */
const join = async (url: string, n: number): Promise<Member> => {
  const account = Ed25519Account.generate();
  const address = account.accountAddress.toStringLong();
  const call = client(url);
  const { nonce, message } = expectOk(await call(`/api/auth/nonce?address=${address}`, 'GET'), 'nonce') as {
    nonce: string;
    message: string;
  };
  const fullMessage = `APTOS\nmessage: ${message}\nnonce: ${nonce}`;
  const signature = `0x${bytesToHex(ed25519.sign(new TextEncoder().encode(fullMessage), account.privateKey.toUint8Array()))}`;
  expectOk(
    await call('/api/auth/wallet', 'POST', {
      address,
      publicKey: account.publicKey.toString(),
      fullMessage,
      signature,
    }),
    'sign-in',
  );
  const name = `bench_${n}_${crypto.randomUUID().slice(0, 6)}`;
  const user = expectOk(
    await call('/api/users', 'POST', {
      username: name,
      fullName: `Bench ${n}`,
      email: `${name}@example.com`,
      description: 'A benchmark tipper.',
      avatar: '/media/images/bench.png',
      aptosAddress: address,
    }),
    'register',
  );
  return { account, address, id: String(user.id), call };
};

/** Mints APT for the package and its gas through the local faucet (one at a time: mints share a sequence). */
const mintApt = async (url: string, member: Member) => {
  const mint = await fetch(
    `${url}/localnet/faucet/mint?address=${member.address}&amount=${2 * PACKAGE.octas}`,
    {
      method: 'POST',
    },
  );
  if (!mint.ok) throw new Error(`faucet: ${mint.status} ${await mint.text()}`);
};

/** Buys the 5000 REEL package for real: a signed APT transfer to the platform, then the relayer credit. */
const buyReel = async (aptos: Aptos, platform: string, member: Member) => {
  const transaction = await aptos.transaction.build.simple({
    sender: member.account.accountAddress,
    data: { function: '0x1::aptos_account::transfer', functionArguments: [platform, PACKAGE.octas] },
  });
  const { hash } = await aptos.signAndSubmitTransaction({ signer: member.account, transaction });
  await aptos.waitForTransaction({ transactionHash: hash });
  expectOk(
    await member.call(`/relayer/api/users/${member.address}/balance`, 'POST', {
      amount: PACKAGE.reel,
      txHash: hash,
    }),
    'credit',
  );
};

const balanceOf = async (member: Member) =>
  Number(
    expectOk(await member.call(`/api/users/address/${member.address}/balance`, 'GET'), 'balance').balance,
  );

const inBatches = async <T, R>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
) => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(
      ...(await Promise.all(items.slice(start, start + size).map((item, i) => work(item, start + i)))),
    );
  }
  return results;
};

const persistTo = values['persist-to']
  ? path.resolve(values['persist-to'])
  : mkdtempSync(path.join(tmpdir(), 'reel-ledger-'));
applyMigrations(persistTo);
const worker = await startWorker({ port: await freePort(), persistTo, logs: 'ignore', detached: true });
let failed = false;
try {
  const config = expectOk(await client(worker.url)('/api/config', 'GET'), 'config') as {
    platformAddress: string;
  };
  const aptos = new Aptos(
    new AptosConfig({
      network: Network.LOCAL,
      fullnode: `${worker.url}/localnet/v1`,
      faucet: `${worker.url}/localnet/faucet`,
    }),
  );
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
  const started = performance.now();
  const samples: Sample[] = await Promise.all(
    created.map(async (tip) => {
      const sent = performance.now();
      const answer = await tip.from.call(`/api/tips/${tip.tipId}/confirm`, 'POST');
      if (answer.status !== 200)
        refusals.set(JSON.stringify(answer.body), (refusals.get(JSON.stringify(answer.body)) ?? 0) + 1);
      return { path: 'confirm', ms: performance.now() - sent, ok: answer.status === 200 };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const confirmed = samples.filter((sample) => sample.ok).length;
  console.log(
    `${confirmed} of ${TIPS} tips among ${USERS} users confirmed at once in ${seconds.toFixed(2)} s: ` +
      `${(confirmed / seconds).toFixed(0)} tips/s through the API on local D1`,
  );
  console.log(`confirm latency: ${formatSummary(summarize(samples))}`);
  for (const [answer, count] of refusals) console.log(`refused ${count}×: ${answer}`);
  if (resent > 0)
    console.log(`${resent} requests resent after wrangler dev answered 503 (restarted mid-request)`);
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
