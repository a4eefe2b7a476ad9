import { describe, expect, it } from 'vitest';
import { apiBalance, chainUser, payApt, recordDeposit } from '../factories/money';
import { newCaller } from './session';

type Record_ = { id: string; txHash: string; status: string; amount: number };
const dataOf = <T = Record_>(body: unknown) => (body as { data: T }).data;

/** A user with two deposits (200 and 500 REEL) recorded through POST /api/transactions. */
const depositor = async () => {
  const payer = await chainUser();
  const small = dataOf((await recordDeposit(payer, await payApt(payer, 0.5), 200)).body);
  const large = dataOf((await recordDeposit(payer, await payApt(payer, 1.2), 500)).body);
  return { payer, small, large };
};

describe('transactions API', () => {
  it("lists the owner's records newest first with limit and offset, and totals them", async () => {
    const { payer, small, large } = await depositor();
    const all = await payer.caller.json(`/api/transactions/user/${payer.user.id}`, 'GET');
    expect(dataOf<Record_[]>(all.body).map((t) => t.id)).toEqual([large.id, small.id]);
    const page = await payer.caller.json(`/api/transactions/user/${payer.user.id}?limit=1&offset=1`, 'GET');
    expect(dataOf<Record_[]>(page.body).map((t) => t.id)).toEqual([small.id]);
    expect((await payer.caller.json(`/api/transactions/user/${payer.user.id}/stats`, 'GET')).body).toEqual({
      data: {
        totalDeposits: 700,
        depositCount: 2,
        totalWithdrawals: 0,
        withdrawalCount: 0,
        transactionCount: 2,
      },
    });
    expect(await apiBalance(payer)).toBe(700);
  });

  it('reads one record by id and by hash, confirms it and accepts only its own hash', async () => {
    const { payer, small, large } = await depositor();
    expect((await payer.caller.json(`/api/transactions/${small.id}`, 'GET')).body).toMatchObject({
      data: { id: small.id, amount: 200, price: 0.5, type: 'deposit' },
    });
    expect((await payer.caller.json(`/api/transactions/hash/${small.txHash}`, 'GET')).body).toMatchObject({
      data: { id: small.id },
    });
    const confirmed = await payer.caller.json(`/api/transactions/${small.id}/confirm`, 'POST');
    expect(confirmed.body).toMatchObject({ success: true, data: { status: 'confirmed' } });
    const same = await payer.caller.json(`/api/transactions/${small.id}/hash`, 'PATCH', {
      txHash: small.txHash,
    });
    expect(same.status).toBe(200);
    const swapped = await payer.caller.json(`/api/transactions/${small.id}/hash`, 'PATCH', {
      txHash: large.txHash,
    });
    expect(swapped.status).toBe(400);
    expect(
      (await payer.caller.json(`/api/transactions/${small.id}/hash`, 'PATCH', { txHash: 'abc' })).status,
    ).toBe(400);
  });

  it("keeps a user's money history private: 401 signed out, 403 for another's list, 404 for another's record", async () => {
    const { payer, small } = await depositor();
    const other = await chainUser(0);
    expect((await newCaller().json(`/api/transactions/user/${payer.user.id}`, 'GET')).status).toBe(401);
    expect((await newCaller().json('/api/transactions', 'POST', {})).status).toBe(401);
    expect((await other.caller.json(`/api/transactions/user/${payer.user.id}`, 'GET')).status).toBe(403);
    expect((await other.caller.json(`/api/transactions/user/${payer.user.id}/stats`, 'GET')).status).toBe(
      403,
    );
    expect((await other.caller.json(`/api/transactions/${small.id}`, 'GET')).status).toBe(404);
    expect((await other.caller.json(`/api/transactions/hash/${small.txHash}`, 'GET')).status).toBe(404);
    expect((await other.caller.json(`/api/transactions/${small.id}/confirm`, 'POST')).status).toBe(404);
    expect(
      (await other.caller.json(`/api/transactions/${small.id}/hash`, 'PATCH', { txHash: small.txHash }))
        .status,
    ).toBe(404);
    expect((await payer.caller.json(`/api/transactions/${crypto.randomUUID()}`, 'GET')).status).toBe(404);
  });

  it('refuses bad input: missing hash, bad type, paging, a withdrawal hash that is not yours', async () => {
    const { payer, small } = await depositor();
    const base = { userId: payer.user.id, amount: 200, userAddr: payer.user.aptosAddress };
    expect((await payer.caller.json('/api/transactions', 'POST', { ...base, type: 'deposit' })).status).toBe(
      400,
    );
    expect(
      (
        await payer.caller.json('/api/transactions', 'POST', {
          ...base,
          type: 'reward',
          txHash: small.txHash,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await payer.caller.json('/api/transactions', 'POST', {
          ...base,
          type: 'withdraw',
          txHash: small.txHash,
        })
      ).status,
    ).toBe(404);
    expect((await payer.caller.json(`/api/transactions/user/${payer.user.id}?limit=0`, 'GET')).status).toBe(
      400,
    );
    expect((await payer.caller.json(`/api/transactions/user/${payer.user.id}?offset=-1`, 'GET')).status).toBe(
      400,
    );
    const other = await chainUser(0);
    expect(
      (
        await payer.caller.json('/api/transactions', 'POST', {
          ...base,
          type: 'deposit',
          txHash: small.txHash,
          userAddr: other.user.aptosAddress,
        })
      ).status,
    ).toBe(403);
    expect(await apiBalance(payer)).toBe(700);
  });
});
