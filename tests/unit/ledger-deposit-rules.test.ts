import { describe, expect, it } from 'vitest';
import { judgeDepositTransfer } from '../../worker/money/deposit-rules';

const PLATFORM = `0x${'0'.repeat(60)}4ee1`;
const PAYER = `0x${'ab'.repeat(32)}`;
const expected = { sender: PAYER, platformAddress: PLATFORM };
const good = { success: true, sender: PAYER, receiver: PLATFORM, asset: 'apt' as const, amount: 50_000_000 };

describe('deposit rules', () => {
  it('accepts a successful APT transfer from the caller to the platform for a package price', () => {
    expect(judgeDepositTransfer(good, expected)).toEqual({
      ok: true,
      pack: { reel: 200, apt: 0.5 },
      priceOctas: 50_000_000,
    });
    // Every package's price maps to its REEL, 1.2 and 2.1 APT included (no float drift).
    expect(judgeDepositTransfer({ ...good, amount: 120_000_000 }, expected)).toMatchObject({
      pack: { reel: 500 },
    });
    expect(judgeDepositTransfer({ ...good, amount: 1_150_000_000 }, expected)).toMatchObject({
      pack: { reel: 5000 },
    });
    // Short and long spellings of one address are the same account.
    expect(judgeDepositTransfer({ ...good, receiver: '0x4ee1' }, expected)).toMatchObject({ ok: true });
  });

  it('refuses, with a reason, everything else', () => {
    const reason = (transfer: Parameters<typeof judgeDepositTransfer>[0]) => {
      const verdict = judgeDepositTransfer(transfer, expected);
      return verdict.ok ? 'ok' : `${verdict.status} ${verdict.message}`;
    };
    expect(reason(null)).toMatch(/^404 The chain does not know/);
    expect(reason({ ...good, success: false })).toMatch(/^400 This transaction failed on chain/);
    expect(reason({ ...good, asset: 'reel' })).toMatch(/^400 This transaction is not an APT transfer/);
    expect(reason({ ...good, asset: null, receiver: null })).toMatch(/^400 This transaction is not an APT/);
    expect(reason({ ...good, receiver: PAYER })).toMatch(/^400 This transfer was not sent to the platform/);
    expect(reason({ ...good, sender: `0x${'cd'.repeat(32)}` })).toMatch(
      /^403 This transfer was not sent from your/,
    );
    expect(reason({ ...good, amount: 50_000_001 })).toMatch(/^400 The amount paid is not the price/);
    expect(reason({ ...good, amount: 0 })).toMatch(/^400 The amount paid/);
  });
});
