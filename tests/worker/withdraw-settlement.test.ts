import { runDurableObjectAlarm, runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isHealthy } from '../../schema/ledger';
import type { User } from '../../schema/user';
import { getUserById } from '../../worker/lib/user-queries';
import { readOverduePendingWithdrawals } from '../../worker/money/audit-pending';
import { ledgerFor, ledgerWriter } from '../../worker/money/ledger';
import { LedgerError } from '../../worker/money/post-transaction';
import { settlePendingWithdrawals } from '../../worker/money/settle-withdrawals';
import { withdraw } from '../../worker/money/withdraw';
import { reverseWithdrawal } from '../../worker/money/withdraw-reversal';
import type { ChainPort } from '../../worker/ports/chain';
import { chainFor } from '../../worker/providers/chain';
import { auditNow, fundUser, seedTreasury } from '../factories/ledger';
import { apiBalance, type ChainUser, chainUser, payApt, relayerCredit } from '../factories/money';

const db = env.DB;
const ledger = ledgerFor(env);
const MINUTE = 60_000;

/** A user who bought the 500 REEL package on the local chain, and their full profile. */
const holder = async () => {
  const payer = await chainUser();
  await relayerCredit(payer, await payApt(payer, 1.2), 500);
  const user = await getUserById(db, payer.user.id);
  if (!user) throw new Error('holder not registered');
  return { ...payer, profile: user as User };
};

/** The connection drops: what the relayer sees when it cannot tell whether the chain got the send. */
const lost = () => new Error('network connection lost');

/** The real local-chain adapter, but the send is signed (and its hash handed over) and never submitted. */
const lostBeforeSubmit = (real: ChainPort = chainFor(env)): ChainPort => {
  return {
    ...real,
    sendReel: async (to, amount, options) => {
      await real.sendReel(to, amount, {
        onSigned: async (hash, expiresAt) => {
          await options?.onSigned?.(hash, expiresAt);
          throw lost();
        },
      });
      throw new Error('unreachable: the send was stopped before submitting');
    },
  };
};

/** The real adapter submits and the chain commits (successfully or not), then the answer is lost. */
const lostAfterSubmit = (): ChainPort => {
  const real = chainFor(env);
  return {
    ...real,
    sendReel: async (to, amount, options) => {
      await real.sendReel(to, amount, options).catch(() => undefined);
      throw lost();
    },
  };
};

type Row = {
  status: string;
  tx_hash: string | null;
  chain_hash: string | null;
  chain_expires_at: string | null;
};
const rowOf = (id: string) =>
  db
    .prepare('SELECT status, tx_hash, chain_hash, chain_expires_at FROM transactions WHERE id = ?1')
    .bind(id)
    .first<Row>();

const pendingId = async (userId: string) => {
  const row = await db
    .prepare("SELECT id FROM transactions WHERE user_id = ?1 AND type = 'withdraw' AND status = 'pending'")
    .bind(userId)
    .first<{ id: string }>();
  if (!row) throw new Error('no pending withdrawal');
  return row.id;
};

/** Withdraws `reel` through `chain`; the send's outcome is lost, so it stays pending. Answers the row id. */
const unknownWithdrawal = async (payer: ChainUser & { profile: User }, reel: number, chain: ChainPort) => {
  const request = { userAddress: payer.user.aptosAddress, amount: reel };
  // The request cannot tell what happened: it answers 'pending' (202) and leaves it to settlement.
  const answer = await withdraw({ db, chain, ledger }, payer.profile, request, null);
  expect(answer).toMatchObject({ status: 'pending', transactionHash: null });
  return pendingId(payer.user.id);
};

const kindsOf = async (causeId: string) =>
  (
    await db
      .prepare('SELECT kind FROM ledger_transactions WHERE cause_id = ?1 ORDER BY seq')
      .bind(causeId)
      .all<{ kind: string }>()
  ).results.map((row) => row.kind);

const later = (ms: number) => new Date(Date.now() + ms);

/** Settlement as it would run at `now`, with the chain's clock there too (the local chain's is the wall clock). */
const settleAt = (now: Date, chain: ChainPort = chainFor(env)) =>
  settlePendingWithdrawals({ db, chain: { ...chain, ledgerTime: async () => now }, ledger }, now);

const onChainReel = async (address: string) =>
  Number(
    await (
      await SELF.fetch(`http://reel.test/localnet/v1/accounts/${address}/balance/${env.REEL_ASSET}`)
    ).text(),
  );

describe('settling withdrawals whose chain outcome is unknown', () => {
  it('keeps a signed-but-never-submitted withdrawal pending until it expires, then reverses it once', async () => {
    const payer = await holder();
    const id = await unknownWithdrawal(payer, 100, lostBeforeSubmit());
    const signed = await rowOf(id);
    expect(signed).toMatchObject({ status: 'pending', tx_hash: null });
    expect(signed?.chain_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // The transfer lives 60 s; the chain never saw it.
    const expiresIn = Date.parse(signed?.chain_expires_at ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(50_000);
    expect(expiresIn).toBeLessThanOrEqual(60_000);
    expect(await chainFor(env).transferByHash(signed?.chain_hash ?? '')).toBeNull();
    expect(await apiBalance(payer)).toBe(400);

    // Too young, then due but the chain's clock is not yet past its expiry and margin: it could
    // still commit, so it waits.
    expect(await settleAt(new Date())).toEqual({ completed: 0, reversed: 0, left: 0 });
    expect(await settleAt(later(70_000))).toMatchObject({ reversed: 0, left: 1 });
    expect(await apiBalance(payer)).toBe(400);

    expect(await settleAt(later(80_000))).toMatchObject({ reversed: 1 });
    expect(await settleAt(later(6 * MINUTE))).toEqual({
      completed: 0,
      reversed: 0,
      left: 0,
    });
    expect(await apiBalance(payer)).toBe(500);
    expect(await kindsOf(id)).toEqual(['withdraw', 'withdraw_reversal']);
    expect((await payer.caller.json(`/api/transactions/${id}`, 'GET')).body).toMatchObject({
      data: { type: 'withdraw', status: 'failed', txHash: null },
    });
    expect(await onChainReel(payer.user.aptosAddress)).toBe(0);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('runs on the shorter timings the WITHDRAW_ vars set: a 10 s transfer, settled 5 s after its withdrawal', async () => {
    const payer = await holder();
    const chain = lostBeforeSubmit(chainFor({ ...env, WITHDRAW_SEND_EXPIRY_SECONDS: '10' } as Env));
    const id = await unknownWithdrawal(payer, 30, chain);
    const expiresIn = Date.parse((await rowOf(id))?.chain_expires_at ?? '') - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(10_000);

    const settleAfter = (ms: number, settleAfterMs: number) =>
      settlePendingWithdrawals(
        { db, chain: { ...chain, ledgerTime: async () => later(ms) }, ledger },
        later(ms),
        settleAfterMs,
      );
    // Due after 5 s rather than 60 s, and reversed once the chain's clock is past expiry and margin.
    expect(await settleAfter(4_000, 5_000)).toEqual({ completed: 0, reversed: 0, left: 0 });
    expect(await settleAfter(6_000, 5_000)).toMatchObject({ reversed: 0, left: 1 });
    expect(await settleAfter(26_000, 60_000)).toEqual({ completed: 0, reversed: 0, left: 0 });
    expect(await settleAfter(26_000, 5_000)).toMatchObject({ reversed: 1 });
    expect(await apiBalance(payer)).toBe(500);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('completes a withdrawal the chain committed though its answer was lost', async () => {
    const payer = await holder();
    const id = await unknownWithdrawal(payer, 120.5, lostAfterSubmit());
    const { chain_hash: hash } = (await rowOf(id)) as Row;
    expect(await settleAt(later(90_000))).toMatchObject({ completed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'completed', tx_hash: hash });
    expect((await payer.caller.json(`/api/transactions/${id}`, 'GET')).body).toMatchObject({
      data: { status: 'completed', amount: 120.5, txHash: hash },
    });
    expect(await apiBalance(payer)).toBe(379.5);
    expect(await onChainReel(payer.user.aptosAddress)).toBe(120.5 * 1e8);
    expect(await kindsOf(id)).toEqual(['withdraw']);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('reverses a withdrawal whose transfer the chain committed as failed', async () => {
    // The treasury holds 10 million REEL on chain: this transfer commits as failed (EINSUFFICIENT_BALANCE).
    const payer = await holder();
    await seedTreasury(db, 10_000_001);
    await fundUser(db, payer.user.id, 10_000_001);
    const id = await unknownWithdrawal(payer, 10_000_001, lostAfterSubmit());
    const { chain_hash: hash } = (await rowOf(id)) as Row;
    expect(await chainFor(env).transferByHash(hash ?? '')).toMatchObject({ success: false });
    expect(await apiBalance(payer)).toBe(500);
    expect(await settleAt(later(90_000))).toMatchObject({ reversed: 1 });
    expect(await apiBalance(payer)).toBe(10_000_501);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', tx_hash: null });
    expect(await kindsOf(id)).toEqual(['withdraw', 'withdraw_reversal']);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('moves each withdrawal once when two settlements run at the same time', async () => {
    const [neverSent, committed, crashed] = await Promise.all([holder(), holder(), holder()]);
    const lostId = await unknownWithdrawal(neverSent, 50, lostBeforeSubmit());
    const paidId = await unknownWithdrawal(committed, 70, lostAfterSubmit());
    // A request that ended before signing anything: the debit and a pending row without a hash.
    const crashedId = await unknownWithdrawal(crashed, 30, {
      ...chainFor(env),
      sendReel: async () => {
        throw lost();
      },
    });
    expect((await rowOf(crashedId))?.chain_hash).toBeNull();

    const now = later(5 * MINUTE);
    const runs = await Promise.all([settleAt(now), settleAt(now)]);
    expect(runs.reduce((sum, run) => sum + run.reversed, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.completed, 0)).toBe(1);
    expect(await kindsOf(lostId)).toEqual(['withdraw', 'withdraw_reversal']);
    expect(await kindsOf(crashedId)).toEqual(['withdraw', 'withdraw_reversal']);
    expect(await kindsOf(paidId)).toEqual(['withdraw']);
    expect([await apiBalance(neverSent), await apiBalance(committed), await apiBalance(crashed)]).toEqual([
      500, 430, 500,
    ]);
    expect([
      (await rowOf(lostId))?.status,
      (await rowOf(paidId))?.status,
      (await rowOf(crashedId))?.status,
    ]).toEqual(['failed', 'completed', 'failed']);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('never submits a transfer signed after settlement closed its withdrawal, and reverses nothing re-signed', async () => {
    const payer = await holder();
    const real = chainFor(env);
    // A request so slow that, before it signs, settlement finds its row unsigned and due.
    const slow: ChainPort = {
      ...real,
      sendReel: async (to, amount, options) => {
        expect(await settleAt(later(5 * MINUTE), real)).toMatchObject({ reversed: 1 });
        return real.sendReel(to, amount, options);
      },
    };
    const answer = await withdraw(
      { db, chain: slow, ledger },
      payer.profile,
      { userAddress: payer.user.aptosAddress, amount: 10 },
      null,
    );
    expect(answer).toMatchObject({ status: 'failed', transactionHash: null });
    expect(await onChainReel(payer.user.aptosAddress)).toBe(0);
    expect(await apiBalance(payer)).toBe(500);
    expect(await kindsOf(answer.id)).toEqual(['withdraw', 'withdraw_reversal']);

    // A reversal decided on a hash the withdrawal no longer carries (a retry signed a new one) is refused.
    const other = await holder();
    const id = await unknownWithdrawal(other, 10, lostBeforeSubmit());
    const reversal = reverseWithdrawal(
      ledger,
      { id, userId: other.user.id, amountUnits: 10 * 1e8 },
      `0x${'0'.repeat(64)}`,
    );
    await expect(reversal).rejects.toBeInstanceOf(LedgerError);
    expect(await apiBalance(other)).toBe(490);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it("arms the ledger writer's alarm with each withdrawal, and the alarm settles it", async () => {
    const payer = await holder();
    const writer = ledgerWriter(env);
    await runInDurableObject(writer, (_, state) => state.storage.deleteAlarm());
    const id = await unknownWithdrawal(payer, 25, lostBeforeSubmit());
    const armed = await runInDurableObject(writer, (_, state) => state.storage.getAlarm());
    expect((armed ?? 0) - Date.now()).toBeGreaterThan(50_000);
    expect((armed ?? 0) - Date.now()).toBeLessThanOrEqual(60_000);

    // Time passes (the row and its signed transfer are 5 minutes old), and the alarm fires.
    await db
      .prepare(`UPDATE transactions SET created_at = ?2, chain_expires_at = ?3 WHERE id = ?1`)
      .bind(id, later(-5 * MINUTE).toISOString(), later(-4 * MINUTE).toISOString())
      .run();
    expect(await runDurableObjectAlarm(writer)).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: 'failed' });
    expect(await apiBalance(payer)).toBe(500);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('re-arms settlement for a withdrawal left pending without an alarm (a restart lost it)', async () => {
    const payer = await holder();
    const id = await unknownWithdrawal(payer, 40, lostBeforeSubmit());
    const writer = ledgerWriter(env);
    await runInDurableObject(writer, (_, state) => state.storage.deleteAlarm());
    await writer.armSettlement();
    const armed = await runInDurableObject(writer, (_, state) => state.storage.getAlarm());
    expect(armed).not.toBeNull();
    expect(await rowOf(id)).toMatchObject({ status: 'pending' });
  });

  it('reports a withdrawal pending past the settle window to the audit, and nothing once settled', async () => {
    const payer = await holder();
    const id = await unknownWithdrawal(payer, 15, lostBeforeSubmit());
    expect(await readOverduePendingWithdrawals(db, later(4 * MINUTE))).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect(await readOverduePendingWithdrawals(db, later(6 * MINUTE))).toContainEqual(
      expect.objectContaining({ id }),
    );
    await settleAt(later(6 * MINUTE));
    expect(await readOverduePendingWithdrawals(db, later(6 * MINUTE))).not.toContainEqual(
      expect.objectContaining({ id }),
    );
  });
});
