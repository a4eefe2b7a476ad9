/**
 * Business constants shared by the web app and the worker. Numbers and names are the specs'
 * (accounts §9, content §9, live §9); change them only when a spec changes.
 */

/** REEL and APT both use 8 decimals: amounts travel as integers of 1e-8 units. */
export const COIN_UNIT = 100_000_000;
export const REEL_PER_APT = 400;
export const USD_PER_APT = 4.49;

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

export const DEFAULT_CATEGORY = 'Gaming';
export const DEFAULT_SUB_CATEGORY = 'Valorant';
/** Sub-category used when a category has none (accounts §4). */
export const FALLBACK_SUB_CATEGORY = 'Other';

export const SOCIAL_KEYS = [
  'youtube',
  'twitter',
  'tiktok',
  'twitch',
  'instagram',
  'website',
  'discord',
  'telegram',
  'facebook',
  'linkedin',
  'github',
  'other',
] as const;

export const LIMITS = {
  usernameMin: 3,
  fullNameMin: 2,
  descriptionMin: 10,
  /** Upper bounds are ours (the specs give none): enough for real profiles, not for abuse. */
  usernameMax: 30,
  fullNameMax: 80,
  emailMax: 254,
  descriptionMax: 2000,
  wizardSteps: 4,
  toastMs: 4000,
  copyConfirmMs: 1500,
  copyConfirmProfileMs: 1200,
  sessionRestoreDelayMs: 100,
  ephemeralKeyValiditySecs: 604_800,
  keylessStoreVersion: 1,
  walletRefetchMs: 3000,
  walletTransactions: 10,
  /** Lists (API): default page and hard maximum (DESIGN.md §3). */
  listDefault: 20,
  listMax: 100,
  topUsersDefault: 10,
  suggestionsDefault: 5,
  allVideosDefault: 15,
  shortsPageSize: 20,
  shortsPrefetchRemaining: 3,
  wheelLockMs: 300,
  swipeThresholdPx: 50,
  homeLiveCards: 3,
  homeShorts: 6,
  homeVideos: 8,
  liveCardWidthPx: 340,
  cardGiveUpMs: 10_000,
  relatedVideos: 14,
  videoComments: 20,
  viewStatsRefreshMs: 30_000,
  viewCounterEverySecs: 30,
  shortProgressEveryMs: 5000,
  viewMaxFailures: 3,
  uploadTimeoutMs: 1_800_000,
  searchResultLimit: 50,
  rankBadgeMax: 10,
  profileDescriptionCut: 150,
  shortDescriptionCut: 20,
  homeDescriptionCut: 20,
  studioTextCut: 100,
  playerStartDelayMs: 100,
  chatPanelWidthPx: 400,
  chatRecentMessages: 50,
  chatMessageMaxLength: 500,
  tipNotificationCloseMs: 2000,
  streamKeyShownStart: 12,
  streamKeyShownEnd: 4,
} as const;

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const PLAYBACK_QUALITIES = ['auto', '1080p', '720p', '480p', '360p'] as const;
