import { join } from 'node:path';
import { Ed25519Account, Ed25519PrivateKey } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { GIFTS, packageByPriceOctas } from '../../schema/catalogue';
import { COIN_UNIT } from '../../schema/constants';
import type { Category } from '../../schema/user';
import { DEMO_PATRONS } from '../../scripts/seed/build-money';
import { DEMO_CREATORS } from '../../scripts/seed/demo-creators';
import { demoSecretKey } from '../../scripts/seed/demo-keys';
import { loadMediaAssets } from '../../scripts/seed/media';
import { buildSeedPlan } from '../../scripts/seed/plan';

const categories: Category[] = [...new Set(DEMO_CREATORS.map((c) => c.category))].map((name) => ({
  name,
  subCategories: [...new Set(DEMO_CREATORS.filter((c) => c.category === name).map((c) => c.subCategory))],
}));

const seed = async () =>
  buildSeedPlan(categories, await loadMediaAssets(join(import.meta.dirname, '../../scripts/seed-media')));

describe('the demo money plan', () => {
  it('gives every demo creator an address its demo key signs for, as the ts-sdk derives it', async () => {
    const { plan } = await seed();
    for (const user of plan.users) {
      const account = new Ed25519Account({ privateKey: new Ed25519PrivateKey(demoSecretKey(user.username)) });
      expect(user.aptosAddress).toBe(account.accountAddress.toStringLong());
    }
  });

  it('has each patron pay the exact APT price of a top-up package, which the deposit rules accept', async () => {
    const { money, plan } = await seed();
    expect(money.deposits.map((d) => d.username)).toEqual(DEMO_PATRONS.map((p) => p.username));
    for (const deposit of money.deposits) {
      expect(packageByPriceOctas(Math.round(deposit.apt * COIN_UNIT))?.reel).toBe(deposit.reel);
      expect(plan.users.find((u) => u.id === deposit.userId)?.aptosAddress).toBe(deposit.address);
    }
  });

  it("tips only other creators' public videos with catalogue gifts the patron's REEL covers", async () => {
    const { money, plan } = await seed();
    expect(money.tips.length).toBeGreaterThan(0);
    for (const deposit of money.deposits) {
      const tips = money.tips.filter((t) => t.tipperId === deposit.userId);
      expect(tips.reduce((sum, t) => sum + t.amount, 0)).toBeLessThanOrEqual(deposit.reel);
      for (const tip of tips) {
        const video = plan.videos.find((v) => v.id === tip.videoId);
        expect(video).toMatchObject({ type: 'video', isPublic: true, userId: tip.receiverId });
        expect(tip.receiverId).not.toBe(tip.tipperId);
        expect(GIFTS.some((g) => g.name === tip.giftName && g.price === tip.amount)).toBe(true);
      }
    }
  });
});
