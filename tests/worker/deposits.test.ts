import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isHealthy } from '../../schema/ledger';
import { fundApt } from '../factories/chain';
import { makeOperator } from '../factories/garden';
import { auditNow, reelOf } from '../factories/ledger';
import { apiBalance, chainUser, octas, payApt, recordDeposit, relayerCredit } from '../factories/money';
import { errorMessage, newCaller } from './session';

const db = env.DB;
const dataOf = (body: unknown) => (body as { data: Record<string, unknown> }).data;
const randomHash = () =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

const WRONG_AMOUNT_07 = 'The amount paid is not the price of a top-up package (paid 0.7 APT)';

const countRows = async (table: 'deposits' | 'transactions') =>
  (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

/** Nothing was credited: no REEL, no deposit, no record, and the ledger still audits clean. */
const expectNoCredit = async (payer: Awaited<ReturnType<typeof chainUser>>) => {
  expect(await apiBalance(payer)).toBe(0);
  expect(await countRows('deposits')).toBe(0);
  expect(await countRows('transactions')).toBe(0);
  expect(isHealthy(await auditNow(db))).toBe(true);
};

describe('deposits verified on chain', () => {
  it("credits a good hash with the package's REEL exactly once across the three calls of the flow", async () => {
    const payer = await chainUser();
    const hash = await payApt(payer, 0.5);

    const created = await recordDeposit(payer, hash);
    expect(created.status).toBe(201);
    const record = dataOf(created.body);
    expect(record).toMatchObject({
      userId: payer.user.id,
      amount: 200,
      type: 'deposit',
      txHash: hash,
      userAddr: payer.user.aptosAddress,
      price: 0.5,
      status: 'completed',
    });
    const relayed = await relayerCredit(payer, hash);
    expect(relayed.status).toBe(200);
    expect(relayed.body).toMatchObject({
      success: true,
      data: { balance: 200, amount: 200, credited: false },
    });
    const confirmed = await payer.caller.json(`/api/transactions/${record.id}/confirm`, 'POST');
    expect(confirmed.body).toMatchObject({ success: true, data: { id: record.id, status: 'confirmed' } });

    // The same hash again, through every route: success, nothing more moves.
    const again = await recordDeposit(payer, hash);
    expect(again.status).toBe(200);
    expect(dataOf(again.body).id).toBe(record.id);
    expect((await relayerCredit(payer, hash)).status).toBe(200);
    expect((await payer.caller.json(`/api/transactions/${record.id}/confirm`, 'POST')).status).toBe(200);
    expect(await apiBalance(payer)).toBe(200);
    expect(await countRows('deposits')).toBe(1);
    const report = await auditNow(db);
    expect(report).toMatchObject({ sumOfBalances: 0, depositProblems: [] });
    expect(isHealthy(report)).toBe(true);
  });

  it('credits once when the relayer call comes first and the calls race', async () => {
    const payer = await chainUser();
    const hash = await payApt(payer, 1.2);
    const answers = await Promise.all([
      relayerCredit(payer, hash, 500),
      recordDeposit(payer, hash, 500),
      relayerCredit(payer, hash, 500),
    ]);
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 201)).toBe(true);
    expect(await apiBalance(payer)).toBe(500);
    expect(await reelOf(db, payer.user.id)).toBe(500);
    const list = await payer.caller.json(`/api/transactions/user/${payer.user.id}`, 'GET');
    expect((list.body as { data: unknown[] }).data).toHaveLength(1);
  });

  it('credits nothing for a forged hash the chain does not know, and says it may be pending', async () => {
    const payer = await chainUser();
    const forged = randomHash();
    const viaRecord = await recordDeposit(payer, forged);
    expect(viaRecord.status).toBe(404);
    expect(errorMessage(viaRecord.body).message).toMatch(/does not know this transaction \(yet\)/);
    expect((await relayerCredit(payer, forged)).status).toBe(404);
    await expectNoCredit(payer);
  });

  it("keeps the caller's wrong-amount transfer as a rejected deposit with its reason, issuing no REEL", async () => {
    const payer = await chainUser();
    const hash = await payApt(payer, 0.7);
    const answer = await relayerCredit(payer, hash);
    expect(answer.status).toBe(400);
    expect(errorMessage(answer.body)).toEqual({ code: 'bad_request', message: WRONG_AMOUNT_07 });

    const deposit = dataOf((await payer.caller.json(`/api/deposits/hash/${hash}`, 'GET')).body);
    expect(deposit).toMatchObject({
      userId: payer.user.id,
      amount: 0,
      price: 0.7,
      txHash: hash,
      status: 'rejected',
      reason: WRONG_AMOUNT_07,
    });
    expect((await payer.caller.json('/api/deposits/pending/all', 'GET')).body).toMatchObject({
      data: [{ id: deposit.id, status: 'rejected' }],
    });
    const history = await payer.caller.json(`/api/transactions/user/${payer.user.id}`, 'GET');
    expect((history.body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({
        type: 'deposit',
        status: 'failed',
        amount: 0,
        price: 0.7,
        txHash: hash,
        reason: WRONG_AMOUNT_07,
      }),
    ]);
    expect(await apiBalance(payer)).toBe(0);
    const issued = await db
      .prepare("SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'deposit'")
      .first();
    expect(issued).toEqual({ n: 0 });
    const report = await auditNow(db);
    expect(report).toMatchObject({ sumOfBalances: 0, depositProblems: [] });
    expect(isHealthy(report)).toBe(true);
  });

  it('answers a rejected hash again with the same rejection through every call of the flow, never crediting', async () => {
    const payer = await chainUser();
    const hash = await payApt(payer, 0.7);
    const racing = await Promise.all([
      relayerCredit(payer, hash),
      recordDeposit(payer, hash),
      relayerCredit(payer, hash),
    ]);
    for (const answer of racing) {
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body).message).toBe(WRONG_AMOUNT_07);
    }
    const again = [await recordDeposit(payer, hash), await relayerCredit(payer, hash)];
    const record = dataOf((await payer.caller.json(`/api/transactions/hash/${hash}`, 'GET')).body);
    again.push(await payer.caller.json(`/api/transactions/${record.id}/confirm`, 'POST'));
    for (const answer of again) {
      expect(answer.status).toBe(400);
      expect(errorMessage(answer.body).message).toBe(WRONG_AMOUNT_07);
    }
    expect(await apiBalance(payer)).toBe(0);
    expect(await countRows('deposits')).toBe(1);
    expect(await countRows('transactions')).toBe(1);
    expect(dataOf((await payer.caller.json(`/api/transactions/${record.id}`, 'GET')).body).status).toBe(
      'failed',
    );
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it("writes nothing when someone else claims the caller's wrong-amount transfer", async () => {
    const owner = await chainUser();
    const thief = await chainUser(0);
    const hash = await payApt(owner, 0.7);
    const stolen = await relayerCredit(thief, hash);
    expect(stolen.status).toBe(403);
    expect(errorMessage(stolen.body).message).toBe('This transfer was not sent from your address');
    expect((await recordDeposit(thief, hash)).status).toBe(403);
    await expectNoCredit(thief);

    // Its owner still gets the rejection kept; the thief's claims afterwards change nothing.
    expect(errorMessage((await relayerCredit(owner, hash)).body).message).toBe(WRONG_AMOUNT_07);
    const late = await recordDeposit(thief, hash);
    expect(late.status).toBe(403);
    expect(errorMessage(late.body).message).toBe('This transfer was not sent from your address');
    expect(await countRows('deposits')).toBe(1);
    expect(await countRows('transactions')).toBe(1);
    expect((await thief.caller.json('/api/deposits/pending/all', 'GET')).body).toEqual({ data: [] });
    expect(await apiBalance(thief)).toBe(0);
  });

  it('credits nothing for APT sent to another address than the platform', async () => {
    const payer = await chainUser();
    const elsewhere = await chainUser(0);
    const hash = await payApt(payer, 0.5, elsewhere.user.aptosAddress);
    const answer = await recordDeposit(payer, hash);
    expect(answer.status).toBe(400);
    expect(errorMessage(answer.body).message).toBe('This transfer was not sent to the platform address');
    expect((await relayerCredit(payer, hash)).status).toBe(400);
    await expectNoCredit(payer);
  });

  it('credits nothing for a transfer that failed on chain (not enough APT)', async () => {
    const payer = await chainUser(0);
    // Enough for gas, not for the 0.5 APT package: the chain commits the transfer as failed.
    await fundApt(env, payer.user.aptosAddress, octas(0.3));
    const hash = await payApt(payer, 0.5);
    const answer = await relayerCredit(payer, hash);
    expect(answer.status).toBe(400);
    expect(errorMessage(answer.body).message).toBe('This transaction failed on chain: nothing was paid');
    expect((await recordDeposit(payer, hash)).status).toBe(400);
    await expectNoCredit(payer);
  });

  it("credits nothing for someone else's transfer, and cannot block its owner", async () => {
    const owner = await chainUser();
    const thief = await chainUser(0);
    const hash = await payApt(owner, 0.5);
    const stolen = await recordDeposit(thief, hash);
    expect(stolen.status).toBe(403);
    expect(errorMessage(stolen.body).message).toBe('This transfer was not sent from your address');
    expect((await relayerCredit(thief, hash)).status).toBe(403);
    await expectNoCredit(thief);

    expect((await relayerCredit(owner, hash)).status).toBe(200);
    expect(await apiBalance(owner)).toBe(200);
    // Once credited, the thief's claim is a conflict, never a second credit.
    expect((await recordDeposit(thief, hash)).status).toBe(409);
    expect(await apiBalance(thief)).toBe(0);
  });

  it('refuses a claimed amount other than the package paid for, and credits nothing', async () => {
    const payer = await chainUser();
    const hash = await payApt(payer, 0.5);
    const answer = await relayerCredit(payer, hash, 5000);
    expect(answer.status).toBe(400);
    expect(errorMessage(answer.body).message).toBe('This deposit is worth 200 REEL');
    await expectNoCredit(payer);
  });

  it('lets only the signed-in owner of the address ask for a credit', async () => {
    const payer = await chainUser();
    const other = await chainUser(0);
    const hash = await payApt(payer, 0.5);
    const visitor = await newCaller().json(`/relayer/api/users/${payer.user.aptosAddress}/balance`, 'POST', {
      amount: 200,
      txHash: hash,
    });
    expect(visitor.status).toBe(401);
    const foreign = await other.caller.json(`/relayer/api/users/${payer.user.aptosAddress}/balance`, 'POST', {
      amount: 200,
      txHash: hash,
    });
    expect(foreign.status).toBe(403);
    expect(
      (
        await payer.caller.json(`/relayer/api/users/${payer.user.aptosAddress}/balance`, 'POST', {
          amount: 200,
        })
      ).status,
    ).toBe(400);
    expect((await recordDeposit({ ...payer, user: { ...payer.user, id: other.user.id } }, hash)).status).toBe(
      403,
    );
    await expectNoCredit(payer);
  });
});

describe('deposit reads', () => {
  const deposited = async () => {
    const payer = await chainUser();
    const hash = await payApt(payer, 0.5);
    await relayerCredit(payer, hash);
    const deposit = dataOf((await payer.caller.json(`/api/deposits/hash/${hash}`, 'GET')).body);
    return { payer, hash, deposit };
  };

  it("answers the owner's deposits by user, id, hash, status and page", async () => {
    const { payer, hash, deposit } = await deposited();
    expect(deposit).toMatchObject({
      userId: payer.user.id,
      amount: 200,
      price: 0.5,
      rate: 400,
      txHash: hash,
      status: 'credited',
    });
    const byUser = await payer.caller.json(`/api/deposits/user/${payer.user.id}`, 'GET');
    expect(byUser.body).toMatchObject({ data: [{ id: deposit.id }] });
    expect((await payer.caller.json(`/api/deposits/${deposit.id}`, 'GET')).body).toMatchObject({
      data: { id: deposit.id },
    });
    expect((await payer.caller.json('/api/deposits?status=credited&limit=5', 'GET')).body).toMatchObject({
      data: [{ id: deposit.id }],
    });
    expect((await payer.caller.json('/api/deposits?offset=1', 'GET')).body).toEqual({ data: [] });
    expect((await payer.caller.json('/api/deposits/pending/all', 'GET')).body).toEqual({ data: [] });
  });

  it('answers platform-wide stats to operators only: 401 for a visitor, 403 for a user', async () => {
    const { payer } = await deposited();
    expect((await newCaller().json('/api/deposits/stats', 'GET')).status).toBe(401);
    const refused = await payer.caller.json('/api/deposits/stats', 'GET');
    expect(refused.status).toBe(403);
    expect(errorMessage(refused.body).message).toBe('Only operators may see platform-wide deposit totals');
    const operator = await chainUser(0);
    await makeOperator(operator.user.aptosAddress);
    const stats = await operator.caller.json('/api/deposits/stats', 'GET');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      data: {
        byStatus: [{ status: 'credited', count: 1, amount: 200, price: 0.5 }],
        totalDeposits: 1,
        totalCredited: 200,
        totalApt: 0.5,
      },
    });
  });

  it("keeps a user's deposits from everyone else: 401, 403, 404, and 400 for bad input", async () => {
    const { payer, hash, deposit } = await deposited();
    const other = await chainUser(0);
    expect((await newCaller().json(`/api/deposits/user/${payer.user.id}`, 'GET')).status).toBe(401);
    expect((await other.caller.json(`/api/deposits/user/${payer.user.id}`, 'GET')).status).toBe(403);
    expect((await other.caller.json(`/api/deposits/${deposit.id}`, 'GET')).status).toBe(404);
    expect((await other.caller.json(`/api/deposits/hash/${hash}`, 'GET')).status).toBe(404);
    expect((await other.caller.json('/api/deposits', 'GET')).body).toEqual({ data: [] });
    expect((await payer.caller.json('/api/deposits/hash/0x1234', 'GET')).status).toBe(400);
    expect((await payer.caller.json('/api/deposits?status=bogus', 'GET')).status).toBe(400);
    expect((await payer.caller.json('/api/deposits?limit=0', 'GET')).status).toBe(400);
    expect((await payer.caller.json(`/api/deposits/${crypto.randomUUID()}`, 'GET')).status).toBe(404);
  });
});
