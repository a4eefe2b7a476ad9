import { GIFTS, TOP_UP_PACKAGES } from '../../schema/catalogue';
import type { Creator } from './build-people';
import type { Random } from './random';
import type { VideoRow } from './rows';

/** A demo creator buying REEL: one top-up package paid in APT on the local chain. */
export type DemoDeposit = { username: string; userId: string; address: string; apt: number; reel: number };
/** A gift one demo creator sends on another's video, once the REEL is there. */
export type DemoTip = {
  username: string;
  tipperId: string;
  receiverId: string;
  videoId: string;
  amount: number;
  giftName: string;
};
/** The money `npm start` moves through the worker's real routes after a fresh seed. */
export type DemoMoneyPlan = { deposits: DemoDeposit[]; tips: DemoTip[] };

/** Who buys which package (REEL); they tip other creators' videos with it. */
export const DEMO_PATRONS: readonly { username: string; reel: number }[] = [
  { username: 'nova_plays', reel: 500 },
  { username: 'blockbyblock', reel: 200 },
  { username: 'beatsmith88', reel: 900 },
];
const TIPS_PER_PATRON = 3;
const DEMO_GIFTS = ['Heart', 'Pizza', 'Coffee', 'Flowers', 'Fireworks', 'Donut'];

/**
 * Deposits and tips for the demo patrons: no balance is written by the seed. Each patron's tips
 * stay within the REEL its package buys, so every one of them can be confirmed.
 */
export function buildDemoMoney(
  random: Random,
  creators: readonly Creator[],
  videos: readonly VideoRow[],
): DemoMoneyPlan {
  const gifts = GIFTS.filter((g) => DEMO_GIFTS.includes(g.name));
  const deposits: DemoDeposit[] = [];
  const tips: DemoTip[] = [];
  for (const patron of DEMO_PATRONS) {
    const creator = creators.find((c) => c.row.username === patron.username);
    const pack = TOP_UP_PACKAGES.find((p) => p.reel === patron.reel);
    if (!creator || !pack) throw new Error(`Demo patron ${patron.username} or its package is unknown`);
    const { id: userId, username, aptosAddress: address } = creator.row;
    deposits.push({ username, userId, address, apt: pack.apt, reel: pack.reel });
    const others = videos.filter((v) => v.type === 'video' && v.isPublic && v.userId !== userId);
    let left = pack.reel;
    for (const video of random.sample(others, TIPS_PER_PATRON)) {
      const gift = random.pick(gifts);
      if (gift.price > left) continue;
      left -= gift.price;
      tips.push({
        username,
        tipperId: userId,
        receiverId: video.userId,
        videoId: video.id,
        amount: gift.price,
        giftName: gift.name,
      });
    }
  }
  return { deposits, tips };
}
