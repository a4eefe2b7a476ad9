import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { COIN_UNIT } from '../../schema/constants';
import { isHealthy, verifyLedgerChain } from '../../schema/ledger';
import { readLedgerSnapshot } from '../../worker/money/audit-read';
import { userLedgerAccountId } from '../../worker/money/ledger-accounts';
import { registeredUser } from '../factories/engagement';
import { auditNow, balanceOf, fundUser, seedTreasury } from '../factories/ledger';
import { errorMessage } from './session';

const db = env.DB;
const acct = userLedgerAccountId;

const dataOf = (body: unknown) => (body as { data: { id: string; status: string } }).data;

describe('the ledger writer, through the API', () => {
  it('confirms 20 tips at once: 19 move, the one that would overdraw is refused alone', async () => {
    await seedTreasury(db, 10_000);
    const creator = await registeredUser();
    const fans = [];
    for (let i = 0; i < 20; i++) {
      const fan = await registeredUser();
      // Fan 7 holds 50 REEL, too little for its 100 REEL tip; every other fan holds exactly 100.
      await fundUser(db, fan.user.id, i === 7 ? 50 : 100);
      const created = await fan.caller.json('/api/tips', 'POST', {
        tipperId: fan.user.id,
        receiverId: creator.user.id,
        amount: 100,
        tipType: 'general',
      });
      fans.push({ ...fan, tipId: dataOf(created.body).id });
    }

    const answers = await Promise.all(
      fans.map((fan) => fan.caller.json(`/api/tips/${fan.tipId}/confirm`, 'POST')),
    );

    for (const [i, answer] of answers.entries()) {
      if (i === 7) {
        expect(answer.status).toBe(400);
        expect(errorMessage(answer.body).message).toBe(
          'Insufficient balance. Please add more $REEL coins to your wallet.',
        );
      } else {
        expect(answer).toMatchObject({ status: 200, body: { success: true } });
      }
    }
    const hashes = answers.flatMap((answer) =>
      answer.status === 200 ? [(answer.body as { transactionHash: string }).transactionHash] : [],
    );
    expect(new Set(hashes).size).toBe(19);
    for (const [i, fan] of fans.entries()) {
      expect(await balanceOf(db, acct(fan.user.id))).toBe(i === 7 ? 50 * COIN_UNIT : 0);
      const tip = await fan.caller.json(`/api/tips/${fan.tipId}`, 'GET');
      expect(dataOf(tip.body).status).toBe(i === 7 ? 'pending' : 'confirmed');
    }
    expect(await balanceOf(db, acct(creator.user.id))).toBe(1900 * COIN_UNIT);
    const { chain } = await readLedgerSnapshot(db);
    expect(chain.filter((tx) => tx.kind === 'tip').map((tx) => tx.hash)).toEqual(
      expect.arrayContaining(hashes),
    );
    expect(await verifyLedgerChain(chain)).toEqual([]);
    expect(isHealthy(await auditNow(db))).toBe(true);
  }, 60_000); // 21 sign-ins and registrations first: slow on a loaded machine
});
