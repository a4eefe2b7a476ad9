import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { registeredUser } from '../factories/engagement';
import { balanceOf, fundUser, seedTreasury } from '../factories/ledger';
import { type ChainUser, chainUser, payApt, relayerCredit } from '../factories/money';
import { errorMessage } from './session';

const db = env.DB;
type Party = Awaited<ReturnType<typeof registeredUser>>;
type Answer = { status: number; body: unknown };

const MISMATCH = {
  code: 'idempotency_mismatch',
  message: 'This Idempotency-Key was already used with a different request',
};

const dataOf = <T = Record<string, unknown>>(body: unknown) => (body as { data: T }).data;
const reel = async (party: { user: { id: string } }) =>
  (await balanceOf(db, userLedgerAccountId(party.user.id))) / COIN_UNIT;

const post = (caller: Party['caller'], path: string, body: unknown, key: string): Promise<Answer> =>
  caller
    .fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

const createTip = (from: Party, to: Party, amount: number, key: string) =>
  post(
    from.caller,
    '/api/tips',
    { tipperId: from.user.id, receiverId: to.user.id, amount, tipType: 'general' },
    key,
  );

const sendTip = (from: Party, to: Party, amount: number, key: string) =>
  post(
    from.caller,
    '/relayer/api/tips/send',
    { from: from.wallet.address, to: to.wallet.address, amount },
    key,
  );

const withdraw = (payer: ChainUser, amount: number, key: string) =>
  post(payer.caller, '/relayer/api/withdraw', { userAddress: payer.user.aptosAddress, amount }, key);

const tipsOf = async (tipperId: string) =>
  (
    await db
      .prepare('SELECT receiver_id, amount, status FROM tips WHERE tipper_id = ?1 ORDER BY created_at')
      .bind(tipperId)
      .all<{ receiver_id: string; amount: number; status: string }>()
  ).results.map((row) => ({
    receiverId: row.receiver_id,
    amount: row.amount / COIN_UNIT,
    status: row.status,
  }));

const ledgerCount = async () =>
  (await db.prepare('SELECT COUNT(*) AS n FROM ledger_transactions').first<{ n: number }>())?.n ?? 0;

const setUp = async () => {
  await seedTreasury(db, 10_000);
  const fan = await registeredUser();
  const a = await registeredUser();
  const b = await registeredUser();
  await fundUser(db, fan.user.id, 1000);
  return { fan, a, b };
};

/** A user who bought the 500 REEL package on the local chain (withdrawals need REEL on chain). */
const holder = async () => {
  const payer = await chainUser();
  await relayerCredit(payer, await payApt(payer, 1.2), 500);
  return payer;
};

describe('Idempotency-Key scoped to (user, route) and fingerprinted', () => {
  it('never lets a key used on POST /api/tips confirm that tip through /relayer/api/tips/send', async () => {
    const { fan, a, b } = await setUp();
    const pending = await createTip(fan, a, 100, 'K');
    expect(pending.status).toBe(201);

    const sent = await sendTip(fan, b, 1, 'K');
    expect(sent.status).toBe(200);
    expect(dataOf<{ tipId: string }>(sent.body).tipId).not.toBe(dataOf<{ id: string }>(pending.body).id);

    // B got its own tip of 1; A's tip of 100 is still pending and A got nothing.
    expect(await tipsOf(fan.user.id)).toEqual([
      { receiverId: a.user.id, amount: 100, status: 'pending' },
      { receiverId: b.user.id, amount: 1, status: 'confirmed' },
    ]);
    expect(await reel(fan)).toBe(999);
    expect(await reel(a)).toBe(0);
    expect(await reel(b)).toBe(1);
  });

  it('answers 422 for a key reused on POST /api/tips with another body, and records nothing', async () => {
    const { fan, a, b } = await setUp();
    const first = await createTip(fan, a, 100, 'T');
    const other = await createTip(fan, b, 500, 'T');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: MISMATCH });
    expect(await tipsOf(fan.user.id)).toEqual([{ receiverId: a.user.id, amount: 100, status: 'pending' }]);

    // The same body again answers the first tip.
    const again = await createTip(fan, a, 100, 'T');
    expect(again.status).toBe(201);
    expect(dataOf(again.body)).toEqual(dataOf(first.body));
  });

  it('answers 422 for a key reused on tips/send with another body, and moves nothing more', async () => {
    const { fan, a, b } = await setUp();
    const first = await sendTip(fan, a, 100, 'S');
    expect(first.status).toBe(200);
    const before = await ledgerCount();

    const other = await sendTip(fan, b, 1, 'S');
    expect(other.status).toBe(422);
    expect(errorMessage(other.body)).toEqual(MISMATCH);
    const same = await sendTip(fan, a, 100, 'S');
    expect(same.body).toEqual(first.body);

    expect(await ledgerCount()).toBe(before);
    expect(await reel(fan)).toBe(900);
    expect(await reel(a)).toBe(100);
    expect(await reel(b)).toBe(0);
  });

  it('answers 422 for a key reused on withdraw with another amount, and withdraws once', async () => {
    const payer = await holder();
    const first = await withdraw(payer, 100, 'W');
    expect(first.status).toBe(200);

    const other = await withdraw(payer, 300, 'W');
    expect(other.status).toBe(422);
    expect(errorMessage(other.body)).toEqual(MISMATCH);
    const same = await withdraw(payer, 100, 'W');
    expect(same.body).toEqual(first.body);
    expect(await reel(payer)).toBe(400);
  });

  it('keeps the same key of two users apart', async () => {
    const { fan, a, b } = await setUp();
    await fundUser(db, a.user.id, 1000);
    const fromFan = await sendTip(fan, b, 100, 'shared');
    const fromA = await sendTip(a, b, 500, 'shared');
    expect(fromFan.status).toBe(200);
    expect(fromA.status).toBe(200);
    expect(dataOf<{ tipId: string }>(fromA.body).tipId).not.toBe(
      dataOf<{ tipId: string }>(fromFan.body).tipId,
    );
    expect(await reel(b)).toBe(600);
  });

  it('lets one of two concurrent first uses with different bodies win; the other is a 422', async () => {
    const { fan, a, b } = await setUp();
    const answers = await Promise.all([sendTip(fan, a, 100, 'race'), sendTip(fan, b, 500, 'race')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const moved = (await reel(a)) + (await reel(b));
    expect(moved === 100 || moved === 500).toBe(true);
    expect(await reel(fan)).toBe(1000 - moved);
    expect(await tipsOf(fan.user.id)).toHaveLength(1);
  });

  it('refuses a key longer than 128 characters with a 400', async () => {
    const { fan, a } = await setUp();
    const answer = await sendTip(fan, a, 100, 'k'.repeat(129));
    expect(answer.status).toBe(400);
    expect(await reel(a)).toBe(0);
  });
});
