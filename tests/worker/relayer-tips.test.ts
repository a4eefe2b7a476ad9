import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { registeredUser } from '../factories/engagement';
import { balanceOf, fundUser, seedTreasury } from '../factories/ledger';
import { errorMessage, newCaller } from './session';

const db = env.DB;
type Party = Awaited<ReturnType<typeof registeredUser>>;
const dataOf = <T = Record<string, unknown>>(body: unknown) => (body as { data: T }).data;

const setUp = async () => {
  await seedTreasury(db, 10_000);
  const fan = await registeredUser();
  const creator = await registeredUser();
  await fundUser(db, fan.user.id, 1000);
  return { fan, creator };
};

const reel = async (party: Party) => (await balanceOf(db, userLedgerAccountId(party.user.id))) / COIN_UNIT;

const send = (
  from: Party,
  to: Party,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  from.caller
    .fetch('/relayer/api/tips/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({
        from: from.wallet.address,
        to: to.wallet.address,
        amount: 100,
        message: 'gg',
        ...extra,
      }),
    })
    .then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

const createTip = async (from: Party, to: Party, amount = 100) =>
  dataOf<{ id: string }>(
    (
      await from.caller.json('/api/tips', 'POST', {
        tipperId: from.user.id,
        receiverId: to.user.id,
        amount,
        tipType: 'general',
      })
    ).body,
  );

describe('POST /relayer/api/tips/send', () => {
  it('moves a tip record once whether send or confirm runs first, and both answer the same hash', async () => {
    const { fan, creator } = await setUp();
    const sentFirst = await createTip(fan, creator);
    const sent = await send(fan, creator, { tipId: sentFirst.id });
    expect(sent.status).toBe(200);
    const { transactionHash } = sent.body as { transactionHash: string };
    expect(transactionHash).toMatch(/^[0-9a-f]{64}$/);
    const confirmed = await fan.caller.json(`/api/tips/${sentFirst.id}/confirm`, 'POST');
    expect(confirmed.body).toMatchObject({ success: true, transactionHash });
    const patched = await fan.caller.json(`/api/tips/${sentFirst.id}/txhash`, 'PATCH', {
      txHash: transactionHash,
    });
    expect(dataOf(patched.body)).toMatchObject({ status: 'confirmed', txHash: transactionHash });

    const confirmedFirst = await createTip(fan, creator);
    const [viaConfirm, viaSend] = await Promise.all([
      fan.caller.json(`/api/tips/${confirmedFirst.id}/confirm`, 'POST'),
      send(fan, creator, { tipId: confirmedFirst.id }),
    ]);
    expect((viaSend.body as { transactionHash: string }).transactionHash).toBe(
      (viaConfirm.body as { transactionHash: string }).transactionHash,
    );
    expect(await reel(fan)).toBe(800);
    expect(await reel(creator)).toBe(200);
  });

  it('records and moves a general tip without a tipId; a replayed Idempotency-Key moves nothing more', async () => {
    const { fan, creator } = await setUp();
    const first = await send(fan, creator, { giftName: 'Bouquet' }, { 'Idempotency-Key': 'send-1' });
    const again = await send(fan, creator, { giftName: 'Bouquet' }, { 'Idempotency-Key': 'send-1' });
    expect(again.body).toEqual(first.body);
    expect(await reel(fan)).toBe(900);
    const tip = await fan.caller.json(`/api/tips/${dataOf<{ tipId: string }>(first.body).tipId}`, 'GET');
    expect(dataOf(tip.body)).toMatchObject({ giftName: 'Bouquet', message: 'gg', status: 'confirmed' });
  });

  it('refuses a foreign sender, an unknown receiver, a mismatched record, a non-gift amount and an overdraft', async () => {
    const { fan, creator } = await setUp();
    const stranger = await registeredUser();
    expect((await send(stranger, creator, { from: fan.wallet.address })).status).toBe(403);
    expect((await send(fan, creator, { to: `0x${'ab'.repeat(32)}` })).status).toBe(404);
    const tip = await createTip(fan, creator);
    expect((await send(fan, creator, { tipId: tip.id, amount: 500 })).status).toBe(400);
    expect((await send(fan, stranger, { tipId: tip.id })).status).toBe(400);
    expect((await send(creator, fan, { tipId: tip.id })).status).toBe(403);
    expect((await send(fan, creator, { amount: 7 })).status).toBe(400);
    expect((await send(fan, creator, { amount: 100, giftName: 'Crown' })).status).toBe(400);
    const broke = await send(fan, creator, { amount: 3000 });
    expect(broke.status).toBe(400);
    expect(errorMessage(broke.body).message).toBe(
      'Insufficient balance. Please add more $REEL coins to your wallet.',
    );
    expect((await newCaller().json('/relayer/api/tips/send', 'POST', {})).status).toBe(401);
    expect(await reel(fan)).toBe(1000);
  });
});

describe('relayer tip reads', () => {
  it('answers history, sent, received, totals and stats of confirmed tips for the owner of the address', async () => {
    const { fan, creator } = await setUp();
    await send(fan, creator, { amount: 100 });
    await send(fan, creator, { amount: 20 });
    await createTip(fan, creator, 500); // pending: not counted
    await fundUser(db, creator.user.id, 10);
    await send(creator, fan, { amount: 10 });

    const at = (party: Party, what: string) =>
      party.caller.json(`/relayer/api/tips/${what}/${party.wallet.address}`, 'GET');
    expect(dataOf<{ amount: number }[]>((await at(fan, 'history')).body).map((t) => t.amount)).toEqual([
      10, 20, 100,
    ]);
    expect(dataOf<{ amount: number }[]>((await at(fan, 'sent')).body).map((t) => t.amount)).toEqual([
      20, 100,
    ]);
    expect(dataOf<{ amount: number }[]>((await at(fan, 'received')).body).map((t) => t.amount)).toEqual([10]);
    expect((await at(fan, 'total-sent')).body).toEqual({ data: { total: 120, count: 2 } });
    expect((await at(fan, 'total-received')).body).toEqual({ data: { total: 10, count: 1 } });
    expect((await at(creator, 'stats')).body).toEqual({
      data: { totalSent: 10, totalReceived: 120, sentCount: 1, receivedCount: 2 },
    });
    const limited = await fan.caller.json(`/relayer/api/tips/history/${fan.wallet.address}?limit=1`, 'GET');
    expect(dataOf<unknown[]>(limited.body)).toHaveLength(1);
  });

  it("keeps a user's tips from others: 401 signed out, 403 for another address, 400 for a bad one", async () => {
    const { fan, creator } = await setUp();
    for (const what of ['history', 'sent', 'received', 'total-sent', 'total-received', 'stats']) {
      expect((await newCaller().json(`/relayer/api/tips/${what}/${fan.wallet.address}`, 'GET')).status).toBe(
        401,
      );
      expect(
        (await creator.caller.json(`/relayer/api/tips/${what}/${fan.wallet.address}`, 'GET')).status,
      ).toBe(403);
    }
    expect((await fan.caller.json('/relayer/api/tips/history/not-an-address', 'GET')).status).toBe(400);
  });
});
