import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isHealthy } from '../../schema/ledger';
import { localAptos } from '../factories/chain';
import { auditNow } from '../factories/ledger';
import { apiBalance, type ChainUser, chainUser, payApt, relayerCredit } from '../factories/money';
import { errorMessage } from './session';

const db = env.DB;

/** A user who bought the 500 REEL package on the local chain. */
const holder = async () => {
  const payer = await chainUser();
  await relayerCredit(payer, await payApt(payer, 1.2), 500);
  return payer;
};

const withdraw = (payer: ChainUser, amount: number) =>
  payer.caller.json('/relayer/api/withdraw', 'POST', { userAddress: payer.user.aptosAddress, amount });

/** The REEL the user's wallet holds on the local chain, in base units. */
const reelOnChain = (payer: ChainUser) =>
  localAptos(env).getAccountCoinAmount({
    accountAddress: payer.account.accountAddress,
    faMetadataAddress: env.REEL_ASSET,
  });

const statuses = async () =>
  (
    await db
      .prepare("SELECT status, COUNT(*) AS n FROM transactions WHERE type = 'withdraw' GROUP BY status")
      .all<{ status: string; n: number }>()
  ).results;

// The treasury's sends are ordered by the ledger writer (worker/money/treasury-sends.ts): before,
// one of 20 parallel withdrawals failed with SEQUENCE_NUMBER_TOO_OLD after 5 attempts.
describe('parallel withdrawals against the local chain', { timeout: 120_000 }, () => {
  it('completes 20 withdrawals fired at once, each on its own sequence number', async () => {
    const holders = await Promise.all(Array.from({ length: 5 }, holder));
    const answers = await Promise.all(
      holders.flatMap((payer) => [1, 2, 3, 4].map(() => withdraw(payer, 100))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => (a.body as { data: { status: string } }).data.status)).toEqual(
      Array(20).fill('completed'),
    );
    const hashes = answers.map((a) => (a.body as { data: { transactionHash: string } }).data.transactionHash);
    expect(new Set(hashes).size).toBe(20);
    for (const payer of holders) {
      expect(await apiBalance(payer)).toBe(100);
      expect(await reelOnChain(payer)).toBe(400 * 1e8);
    }
    expect(await statuses()).toEqual([{ status: 'completed', n: 20 }]);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });

  it('refuses for balance what the balance cannot pay, and completes the rest', async () => {
    const holders = await Promise.all([holder(), holder()]);
    // 2 x 10 withdrawals of 100 REEL against 500 each: 5 each are paid, 5 each are refused.
    const answers = await Promise.all(
      holders.flatMap((payer) => Array.from({ length: 10 }, () => withdraw(payer, 100))),
    );
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(10);
    for (const answer of refused) expect(errorMessage(answer.body).message).toBe('Insufficient balance');
    const paid = answers.filter((a) => a.status === 200);
    expect(paid.map((a) => (a.body as { data: { status: string } }).data.status)).toEqual(
      Array(10).fill('completed'),
    );
    for (const payer of holders) {
      expect(await apiBalance(payer)).toBe(0);
      expect(await reelOnChain(payer)).toBe(500 * 1e8);
    }
    expect(await statuses()).toEqual([{ status: 'completed', n: 10 }]);
    expect(isHealthy(await auditNow(db))).toBe(true);
  });
});
