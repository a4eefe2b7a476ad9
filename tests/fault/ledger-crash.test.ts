import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinAsync } from '../../scripts/lib/run';
import { applyMigrations, freePort, type RunningWorker, startWorker } from '../../scripts/lib/worker-process';
import {
  type Answer,
  expectData,
  type Member,
  membersWithReel,
  REEL_PACKAGE,
} from '../factories/reel-member';

/**
 * Money under crashes, for real: a burst of tip confirms and withdrawals against the worker as
 * `npm start` runs it, SIGKILLed in the middle of it (workerd and all), restarted on the same state,
 * the cut-off requests sent again with the same keys (as a client would), three times over; then the test waits
 * for the ledger writer's alarm to settle every withdrawal and checks, from the API, the chain and
 * the ledger audit, that nothing was lost, doubled or left stuck.
 *
 * Settlement runs on shorter timings than production's 60 s (`SETTLEMENT`), through the vars that
 * exist for it: a SIGKILLed request is known dead at once, so there is nothing to leave it for.
 */

const MEMBERS = 12;
const ROUNDS = 3;
const TIPS_PER_MEMBER = 3;
/** Tips one member confirms at once in the abort test (under the 60 tips a minute one user may create). */
const ABORT_TIPS = 50;
/** Settlement must finish within this long after the last restart (the bound: 3 minutes). */
const SETTLE_LIMIT_MS = 180_000;

/**
 * Settlement looks at a withdrawal 5 s after it was made, and a signed transfer expires after 10 s:
 * every withdrawal settles within about 35 s of its making (10 s expiry, 15 s chain margin, alarms
 * 10 s apart) instead of about 90 s. The ledger audit's 5 minute window is the same as production's.
 */
const SETTLEMENT = { WITHDRAW_SETTLE_AFTER_SECONDS: '5', WITHDRAW_SEND_EXPIRY_SECONDS: '10' };

const REEL_ASSET = /REEL_ASSET = "(0x[0-9a-f]+)"/.exec(readFileSync('wrangler.toml', 'utf8'))?.[1] ?? '';

type Request = {
  kind: 'tip' | 'withdraw';
  member: Member;
  send: () => Promise<Answer>;
  /** The answer the client got before the crash (or after its retry), if any. */
  answer?: Answer;
};

const persistTo = mkdtempSync(path.join(tmpdir(), 'reel-fault-'));
let port = 0;
let worker: RunningWorker;
let members: Member[] = [];
/** Two more, for the abort test, so its tips stay out of the crash test's sums. */
let pair: Member[] = [];
const figures = { kills: 0, sent: 0, acknowledgedBeforeKill: 0, pendingAfterRestart: 0, settleSeconds: 0 };

/** The worker's output over every restart: where to look when it ends by itself. */
const LOG = 'tests/e2e/output/fault-ledger-crash.log';

const start = async () => {
  worker = await startWorker({ port, persistTo, logs: { file: LOG }, detached: true, vars: SETTLEMENT });
};

/** SIGKILL to the worker's process and its workerd child: no shutdown, no flush, no goodbye. */
const crash = async () => {
  const { child } = worker;
  // Run 23 of docs/tests.md: the kill found no process left. Say so with what the worker printed.
  const endedBefore = () =>
    new Error(`The worker ended before the kill (exit ${child.exitCode}, ${child.signalCode}); see ${LOG}`);
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) throw endedBefore();
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    throw endedBefore();
  }
  await new Promise((resolve) => child.once('exit', resolve));
  figures.kills += 1;
};

/** `member`'s tips of `round`, created, and its withdrawal: the requests to send, unsent. */
const memberBurst = async (round: number, member: Member, i: number): Promise<Request[]> => {
  const requests: Request[] = [];
  for (let t = 0; t < TIPS_PER_MEMBER; t++) {
    const receiver = members[(i + t + 1) % members.length] as Member;
    const created = expectData(
      await member.call(
        '/api/tips',
        'POST',
        { tipperId: member.id, receiverId: receiver.id, amount: 10, tipType: 'general' },
        `crash-tip-${round}-${t}`,
      ),
      'create tip',
    );
    const tipId = String(created.id);
    requests.push({ kind: 'tip', member, send: () => member.call(`/api/tips/${tipId}/confirm`, 'POST') });
  }
  const body = { userAddress: member.address, amount: 1 + ((i + round) % 4) };
  requests.push({
    kind: 'withdraw',
    member,
    send: () => member.call('/relayer/api/withdraw', 'POST', body, `crash-withdraw-${round}`),
  });
  return requests;
};

/** Every member's requests of `round`, the members' tips created side by side. */
const tipBurst = async (round: number): Promise<Request[]> =>
  (await Promise.all(members.map((member, i) => memberBurst(round, member, i)))).flat();

/** Sends every request at once and kills the worker while they are in flight. */
const burstAndCrash = async (requests: Request[], killAfterMs: number) => {
  figures.sent += requests.length;
  const inFlight = requests.map(async (request) => {
    request.answer = await request.send().catch(() => undefined);
  });
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  await crash();
  await Promise.all(inFlight);
  figures.acknowledgedBeforeKill += requests.filter((request) => request.answer?.status === 200).length;
};

const withdrawalsOf = async (member: Member) => {
  const list = expectData(
    await member.call(`/api/transactions/user/${member.id}?limit=100`, 'GET'),
    'transactions',
  ) as unknown as { id: string; type: string; status: string; amount: number }[];
  return list.filter((row) => row.type === 'withdraw');
};

const pendingCount = async () =>
  (await Promise.all(members.map(withdrawalsOf))).flat().filter((row) => row.status === 'pending').length;

const onChainReel = async (address: string) =>
  Number(await (await fetch(`${worker.url}/localnet/v1/accounts/${address}/balance/${REEL_ASSET}`)).text());

const confirmedTips = async (member: Member, side: 'sent' | 'received') => {
  const list = expectData(await member.call(`/api/tips/${side}/me?limit=100`, 'GET'), side) as unknown as {
    amount: number;
    status: string;
  }[];
  return list.filter((tip) => tip.status === 'confirmed').reduce((sum, tip) => sum + tip.amount, 0);
};

beforeAll(async () => {
  mkdirSync(path.dirname(LOG), { recursive: true });
  rmSync(LOG, { force: true });
  await applyMigrations(persistTo);
  port = await freePort();
  await start();
  const everyone = await membersWithReel(worker.url, MEMBERS + 2, 'crash');
  members = everyone.slice(0, MEMBERS);
  pair = everyone.slice(MEMBERS);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

describe('money survives SIGKILL in the middle of a burst of tips and withdrawals', () => {
  it('stalls no post when clients abort confirms in the middle of a burst', async () => {
    const [tipper, receiver] = pair as [Member, Member];
    const tipIds = await Promise.all(
      Array.from({ length: ABORT_TIPS }, async (_, i) => {
        const body = { tipperId: tipper.id, receiverId: receiver.id, amount: 1, tipType: 'general' };
        return String(expectData(await tipper.call('/api/tips', 'POST', body, `abort-${i}`), 'tip').id);
      }),
    );
    const answers = await Promise.all(
      tipIds.map(async (id, i) => {
        const controller = new AbortController();
        // Every other confirm is abandoned at some point of its life: queued, leading a group, or done.
        if (i % 2 === 0) setTimeout(() => controller.abort(), 5 + ((i * 37) % 400));
        const answer = await tipper
          .call(`/api/tips/${id}/confirm`, 'POST', undefined, undefined, controller.signal)
          .catch(() => undefined);
        return { id, answer };
      }),
    );
    // Every confirm that was not abandoned answered, and every tip (abandoned or not) moved once or not at all.
    expect(answers.filter(({ answer }, i) => i % 2 === 1 && answer?.status !== 200)).toEqual([]);
    for (const { id } of answers) {
      const again = await tipper.call(`/api/tips/${id}/confirm`, 'POST');
      expect(again.status).toBe(200);
    }
    expect(await confirmedTips(tipper, 'sent')).toBe(ABORT_TIPS);
    const balance = expectData(
      await tipper.call(`/api/users/address/${tipper.address}/balance`, 'GET'),
      'balance',
    );
    expect(Number(balance.balance)).toBe(REEL_PACKAGE.reel - ABORT_TIPS);
  }, 120_000);

  it('settles every withdrawal, moves every acknowledged transfer exactly once and keeps the audit clean', async () => {
    const all: Request[] = [];
    let restartedAt = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const requests = await tipBurst(round);
      all.push(...requests);
      await burstAndCrash(requests, 300 + round * 400);
      await start();
      restartedAt = Date.now();
      if (round === ROUNDS) figures.pendingAfterRestart = await pendingCount();
      // The client retries what got no answer, with the same keys: never a second movement.
      for (const request of requests.filter((r) => r.answer?.status !== 200)) {
        request.answer = await request.send();
      }
    }

    // The ledger writer's alarm settles them; nothing here calls settlement. Looked at each second.
    let pending = await pendingCount();
    while (pending > 0 && Date.now() - restartedAt < SETTLE_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      pending = await pendingCount();
    }
    figures.settleSeconds = Math.round((Date.now() - restartedAt) / 1000);
    expect(pending).toBe(0);

    // Every answer the client holds is what the server holds: a confirmed tip is confirmed once,
    // a completed withdrawal was paid on chain, a failed one was given back.
    const withdrawals = (await Promise.all(members.map(withdrawalsOf))).flat();
    for (const request of all.filter((r) => r.kind === 'withdraw')) {
      if (request.answer?.status !== 200) continue;
      const { data } = request.answer.body as { data: { id: string; status: string } };
      const row = withdrawals.find((w) => w.id === data.id);
      if (data.status !== 'pending') expect(row?.status).toBe(data.status);
    }
    // Per member: chain REEL is exactly the completed withdrawals (each paid once), and the ledger
    // balance is what the deposits, confirmed tips and completed withdrawals leave.
    for (const member of members) {
      const ownRows = await withdrawalsOf(member);
      // One withdrawal per key, whatever was cut off and sent again.
      expect(ownRows).toHaveLength(ROUNDS);
      const completed = ownRows.filter((w) => w.status === 'completed').reduce((sum, w) => sum + w.amount, 0);
      expect(await onChainReel(member.address)).toBe(Math.round(completed * 1e8));
      // Every tip was confirmed in the end (the retries), and once.
      const sent = await confirmedTips(member, 'sent');
      expect(sent).toBe(ROUNDS * TIPS_PER_MEMBER * 10);
      const expected = REEL_PACKAGE.reel + (await confirmedTips(member, 'received')) - sent - completed;
      const balance = expectData(
        await member.call(`/api/users/address/${member.address}/balance`, 'GET'),
        'balance',
      );
      expect(Number(balance.balance)).toBeCloseTo(expected, 8);
    }

    await worker.stop();
    const audit = await runBinAsync('tsx', ['scripts/ledger-audit.ts', '--persist-to', persistTo]);
    console.log(
      `ledger crash test: ${figures.kills} SIGKILLs, ${figures.sent} transfers sent, ` +
        `${figures.acknowledgedBeforeKill} acknowledged before a kill, ` +
        `${figures.pendingAfterRestart} withdrawals pending after the last restart, ` +
        `0 pending ${figures.settleSeconds} s later, ledger audit ${audit === 0 ? 'clean' : 'FAILED'}`,
    );
    expect(audit).toBe(0);
  }, 360_000);
});
