import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { balanceOf, fundUser, seedTreasury } from '../factories/ledger';
import { type ChainUser, chainUser, payApt, recordDeposit, relayerCredit } from '../factories/money';
import { newCaller } from './session';

const db = env.DB;

type Line = {
  id: string;
  kind: string;
  direction: 'in' | 'out';
  amount: number;
  status: string;
  timestamp: string;
  txHash: string | null;
  reason: string | null;
  tip: { gift: string; message: string; other: { id: string; username: string } } | null;
};

const historyOf = async (who: ChainUser, userId = who.user.id, query = '') => {
  const answer = await who.caller.json(`/api/transactions/user/${userId}/history${query}`, 'GET');
  return { status: answer.status, lines: (answer.body as { data: Line[] }).data };
};

/** Creates a tip from `from` to `to` and confirms it (the tip flow's steps 1 and 4). */
const tip = async (from: ChainUser, to: ChainUser, amount: number, giftName?: string, message = '') => {
  const created = await from.caller.json('/api/tips', 'POST', {
    tipperId: from.user.id,
    receiverId: to.user.id,
    amount,
    tipType: 'general',
    message,
    ...(giftName ? { giftName } : {}),
  });
  if (created.status !== 201) throw new Error(`tip refused: ${JSON.stringify(created.body)}`);
  const { id } = (created.body as { data: { id: string } }).data;
  const confirmed = await from.caller.json(`/api/tips/${id}/confirm`, 'POST');
  if (confirmed.status !== 200) throw new Error(`confirm refused: ${JSON.stringify(confirmed.body)}`);
  return id;
};

const withdraw = async (who: ChainUser, amount: number) => {
  const answer = await who.caller.json('/relayer/api/withdraw', 'POST', {
    userAddress: who.user.aptosAddress,
    amount,
  });
  if (answer.status !== 200) throw new Error(`withdraw refused: ${JSON.stringify(answer.body)}`);
};

/** REEL a line moved, signed, in base units. */
const signedUnits = (line: Line) => (line.direction === 'in' ? 1 : -1) * Math.round(line.amount * COIN_UNIT);

const ledgerMovements = async (userId: string) =>
  (
    await db
      .prepare('SELECT COUNT(*) AS n FROM ledger_entries WHERE account_id = ?1')
      .bind(userLedgerAccountId(userId))
      .first<{ n: number }>()
  )?.n ?? 0;

describe('GET /api/transactions/user/{id}/history', () => {
  it('lists tips sent and received with the gift and the other person, merged with top-ups and withdrawals', async () => {
    const fan = await chainUser();
    const creator = await chainUser(0);
    // Two strangers whose tips must never show in the fan's or the creator's history.
    const stranger = await chainUser();
    const strangerFriend = await chainUser(0);
    await relayerCredit(stranger, await payApt(stranger, 0.5), 200);
    await tip(stranger, strangerFriend, 100, 'Bouquet');

    await relayerCredit(fan, await payApt(fan, 1.2), 500);
    // A payment of no package price: a failed record with its reason and no REEL.
    expect((await recordDeposit(fan, await payApt(fan, 0.7), 200)).status).toBe(400);
    await tip(fan, creator, 100, 'Heart', 'gg');
    await tip(creator, fan, 30, 'Donut');
    // No gift named: the catalogue's gift of that price (Pizza is the one at 50).
    await tip(fan, creator, 50);
    await withdraw(fan, 50);

    const { status, lines } = await historyOf(fan);
    expect(status).toBe(200);
    expect(lines.map((line) => [line.kind, line.direction, line.amount, line.tip?.gift ?? null])).toEqual([
      ['withdraw', 'out', 50, null],
      ['tip_sent', 'out', 50, 'Pizza'],
      ['tip_received', 'in', 30, 'Donut'],
      ['tip_sent', 'out', 100, 'Heart'],
      ['deposit', 'in', 0, null],
      ['deposit', 'in', 500, null],
    ]);
    const byGift = (gift: string) => lines.find((line) => line.tip?.gift === gift);
    expect(byGift('Heart')?.tip).toEqual({
      gift: 'Heart',
      message: 'gg',
      other: { id: creator.user.id, username: creator.user.username },
    });
    expect(byGift('Donut')?.tip?.other).toEqual({ id: creator.user.id, username: creator.user.username });
    expect(byGift('Pizza')?.status).toBe('confirmed');
    expect(lines[4]).toMatchObject({ status: 'failed', reason: expect.stringContaining('0.7 APT') });
    // Newest first.
    const times = lines.map((line) => line.timestamp);
    expect([...times].sort().reverse()).toEqual(times);

    // Every ledger movement of the fan has a line, and the lines add up to the balance.
    expect(lines.filter((line) => line.status !== 'failed' || line.amount > 0)).toHaveLength(
      await ledgerMovements(fan.user.id),
    );
    const balance = await balanceOf(db, userLedgerAccountId(fan.user.id));
    expect(balance).toBe(330 * COIN_UNIT);
    expect(lines.reduce((sum, line) => sum + signedUnits(line), 0)).toBe(balance);

    // Nothing of the strangers' tip, on either side.
    const strangers = new Set([stranger.user.id, strangerFriend.user.id]);
    expect(lines.some((line) => line.tip && strangers.has(line.tip.other.id))).toBe(false);

    // The creator's side of the same tips.
    const theirs = await historyOf(creator);
    expect(theirs.lines.map((line) => [line.kind, line.amount, line.tip?.other.username])).toEqual([
      ['tip_received', 50, fan.user.username],
      ['tip_sent', 30, fan.user.username],
      ['tip_received', 100, fan.user.username],
    ]);
    expect(theirs.lines.reduce((sum, line) => sum + signedUnits(line), 0)).toBe(
      await balanceOf(db, userLedgerAccountId(creator.user.id)),
    );
  });

  it("shows a failed withdrawal's debit and its refund, and a reward, so the lines still add up", async () => {
    const fan = await chainUser();
    await relayerCredit(fan, await payApt(fan, 0.5), 200);
    // More than the treasury holds on the local chain: the send fails on chain and is reversed.
    await seedTreasury(db, 10_000_001);
    await fundUser(db, fan.user.id, 10_000_001);
    await withdraw(fan, 10_000_001);

    const { lines } = await historyOf(fan);
    expect(lines.map((line) => [line.kind, line.direction, line.amount, line.status])).toEqual([
      ['withdraw_refund', 'in', 10_000_001, 'completed'],
      ['withdraw', 'out', 10_000_001, 'failed'],
      ['reward', 'in', 10_000_001, 'completed'],
      ['deposit', 'in', 200, 'completed'],
    ]);
    expect(lines.reduce((sum, line) => sum + signedUnits(line), 0)).toBe(
      await balanceOf(db, userLedgerAccountId(fan.user.id)),
    );
    expect(lines).toHaveLength(await ledgerMovements(fan.user.id));
  });

  it('pages with limit and offset over the merged lines', async () => {
    const fan = await chainUser();
    const creator = await chainUser(0);
    await relayerCredit(fan, await payApt(fan, 0.5), 200);
    await tip(fan, creator, 10, 'FFWS');
    await tip(fan, creator, 20, 'Flowers');
    const page = await historyOf(fan, fan.user.id, '?limit=2&offset=1');
    expect(page.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['tip_sent', 10],
      ['deposit', 200],
    ]);
    expect((await historyOf(fan, fan.user.id, '?limit=0')).status).toBe(400);
  });

  it("is the owner's only: 401 signed out, 403 for another user's history", async () => {
    const fan = await chainUser(0);
    const other = await chainUser(0);
    const signedOut = await newCaller().json(`/api/transactions/user/${fan.user.id}/history`, 'GET');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ error: { code: expect.any(String) } });
    const forbidden = await other.caller.json(`/api/transactions/user/${fan.user.id}/history`, 'GET');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: { code: 'forbidden' } });
    expect(await historyOf(fan)).toEqual({ status: 200, lines: [] });
  });
});
