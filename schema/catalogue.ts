import { COIN_UNIT } from './constants';

/**
 * The catalogues of accounts §9: gifts and top-up packages. Kept apart from `constants.ts` so the
 * home page, which needs neither, does not carry them.
 */

export type Gift = { name: string; icon: string; price: number };

/** The 20 catalogue gifts; price in REEL coins. */
export const GIFTS: readonly Gift[] = [
  { name: 'FFWS', icon: '🔥', price: 10 },
  { name: 'TikTok', icon: '🎵', price: 1 },
  { name: 'Heart', icon: '❤️', price: 100 },
  { name: 'Gamer 2025', icon: '🎮', price: 299 },
  { name: 'Gift Box', icon: '🎁', price: 100 },
  { name: 'Donut', icon: '🍩', price: 30 },
  { name: 'Flowers', icon: '💐', price: 20 },
  { name: 'Money Gun', icon: '💸', price: 500 },
  { name: 'Bouquet', icon: '🌹', price: 100 },
  { name: 'Car', icon: '🚗', price: 1000 },
  { name: 'Yacht', icon: '🛥️', price: 2000 },
  { name: 'Airplane', icon: '✈️', price: 3000 },
  { name: 'Crown', icon: '👑', price: 500 },
  { name: 'Diamond', icon: '💎', price: 800 },
  { name: 'Pizza', icon: '🍕', price: 50 },
  { name: 'Ice Cream', icon: '🍦', price: 40 },
  { name: 'Beer', icon: '🍺', price: 60 },
  { name: 'Coffee', icon: '☕', price: 25 },
  { name: 'Birthday Cake', icon: '🎂', price: 120 },
  { name: 'Fireworks', icon: '🎆', price: 150 },
];

export type TopUpPackage = { reel: number; apt: number };

/** The 8 top-up packages (REEL for APT); the first is selected by default. */
export const TOP_UP_PACKAGES: readonly TopUpPackage[] = [
  { reel: 200, apt: 0.5 },
  { reel: 500, apt: 1.2 },
  { reel: 900, apt: 2.1 },
  { reel: 1200, apt: 2.8 },
  { reel: 1800, apt: 4 },
  { reel: 2800, apt: 6.5 },
  { reel: 3500, apt: 8.2 },
  { reel: 5000, apt: 11.5 },
];

/** The top-up package whose APT price is exactly `octas`, or null. */
export const packageByPriceOctas = (octas: number): TopUpPackage | null =>
  TOP_UP_PACKAGES.find((pack) => Math.round(pack.apt * COIN_UNIT) === octas) ?? null;

/** The gift a tip names, or else the first catalogue gift of its price. */
export const giftOf = (price: number, name: string | null): Gift | null =>
  GIFTS.find((gift) => gift.price === price && (name === null || gift.name === name)) ?? null;
