import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isHealthy } from '../../schema/ledger';
import { chainFor } from '../../worker/providers/chain';
import { auditNow, fundUser, seedTreasury } from '../factories/ledger';
import { apiBalance, type ChainUser, chainUser, payApt, relayerCredit } from '../factories/money';
import { errorMessage, newCaller } from './session';

const db = env.DB;

/** A user who bought the 500 REEL package on the local chain. */
const holder = async () => {
  const payer = await chainUser();
  await relayerCredit(payer, await payApt(payer, 1.2), 500);
  return payer;
};

const withdraw = (payer: ChainUser, amount: unknown, key?: string) =>
  payer.caller
    .fetch('/relayer/api/withdraw', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
      body: JSON.stringify({ userAddress: payer.user.aptosAddress, amount }),
    })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

const dataOf = (body: unknown) => (body as { data: Record<string, unknown> }).data;

const ledgerKinds = async () =>
  (
    await db
      .prepare("SELECT kind FROM ledger_transactions WHERE kind LIKE 'withdraw%' ORDER BY seq")
      .all<{ kind: string }>()
  ).results.map((row) => row.kind);

describe('POST /relayer/api/withdraw', () => {
  it('debits the ledger and sends the REEL to the wallet on chain', async () => {
    const payer = await holder();
    const answer = await withdraw(payer, 120.5);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { status: 'completed', amount: 120.5 } });
    const { transactionHash, id } = dataOf(answer.body) as { transactionHash: string; id: string };
    expect(await apiBalance(payer)).toBe(379.5);
    // The chain has it: a successful REEL transfer from the treasury to the user.
    expect(await chainFor(env).transferByHash(transactionHash)).toMatchObject({
      success: true,
      asset: 'reel',
      receiver: payer.user.aptosAddress,
      amount: 120.5 * 1e8,
    });
    expect((await payer.caller.json(`/api/transactions/${id}`, 'GET')).body).toMatchObject({
      data: { type: 'withdraw', status: 'completed', amount: 120.5, txHash: transactionHash },
    });
    // The flow's record call finds the withdrawal by its hash and adds nothing.
    const recorded = await payer.caller.json('/api/transactions', 'POST', {
      userId: payer.user.id,
      amount: 120.5,
      type: 'withdraw',
      txHash: transactionHash,
      userAddr: payer.user.aptosAddress,
    });
    expect(recorded).toMatchObject({ status: 200, body: { data: { id } } });
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('answers a replayed Idempotency-Key with the first withdrawal and moves nothing', async () => {
    const payer = await holder();
    const first = await withdraw(payer, 100, 'w-1');
    const [again, racing] = await Promise.all([withdraw(payer, 100, 'w-1'), withdraw(payer, 300, 'w-1')]);
    expect(dataOf(again.body)).toEqual(dataOf(first.body));
    // The same key with another amount is another request: refused, never the first one's answer.
    expect(racing.status).toBe(422);
    expect(await apiBalance(payer)).toBe(400);
    expect(await ledgerKinds()).toEqual(['withdraw']);
    const list = await payer.caller.json(`/api/transactions/user/${payer.user.id}`, 'GET');
    expect(
      (list.body as { data: { type: string }[] }).data.filter((t) => t.type === 'withdraw'),
    ).toHaveLength(1);
  });

  it('restores the balance when the chain refuses the send', async () => {
    // The treasury holds 10 million REEL on the local chain; a larger withdrawal is committed as
    // failed (EINSUFFICIENT_BALANCE), so the send throws ChainSendError for real.
    const payer = await holder();
    await seedTreasury(db, 10_000_001);
    await fundUser(db, payer.user.id, 10_000_001);
    const answer = await withdraw(payer, 10_000_001);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: false,
      data: { status: 'failed', transactionHash: null, error: 'Failed to withdraw tokens via relayer' },
    });
    expect(await apiBalance(payer)).toBe(10_000_501);
    expect(await ledgerKinds()).toEqual(['withdraw', 'withdraw_reversal']);
    const { id } = dataOf(answer.body) as { id: string };
    expect((await payer.caller.json(`/api/transactions/${id}`, 'GET')).body).toMatchObject({
      data: { status: 'failed' },
    });
    expect((await payer.caller.json(`/api/transactions/${id}/confirm`, 'POST')).status).toBe(400);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it("refuses an invalid amount or more than the balance with the spec's messages, moving nothing", async () => {
    const payer = await holder();
    for (const amount of [0, -5, 0.000000001]) {
      const answer = await withdraw(payer, amount);
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body).message).toBe('Please enter a valid amount');
    }
    const tooMuch = await withdraw(payer, 500.00000001);
    expect(tooMuch.status).toBe(400);
    expect(errorMessage(tooMuch.body).message).toBe('Insufficient balance');
    expect((await withdraw(payer, 'lots')).status).toBe(400);
    expect(await apiBalance(payer)).toBe(500);
    expect(await ledgerKinds()).toEqual([]);
  });

  it('withdraws only for the signed-in owner of the address', async () => {
    const payer = await holder();
    const other = await chainUser(0);
    const body = JSON.stringify({ userAddress: payer.user.aptosAddress, amount: 1 });
    const headers = { 'Content-Type': 'application/json' };
    expect((await newCaller().fetch('/relayer/api/withdraw', { method: 'POST', headers, body })).status).toBe(
      401,
    );
    expect(
      (await other.caller.fetch('/relayer/api/withdraw', { method: 'POST', headers, body })).status,
    ).toBe(403);
    expect(await apiBalance(payer)).toBe(500);
  });
});
