/**
 * Business constants shared by the web app and the worker. Numbers and names are the specs'
 * (accounts §9, content §9, live §9); change them only when a spec changes.
 */

/** REEL and APT both use 8 decimals: amounts travel as integers of 1e-8 units. */
export const COIN_UNIT = 100_000_000;
export const REEL_PER_APT = 400;
export const USD_PER_APT = 4.49;

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

/**
 * How wide home's cards show their posters (`sizes`), so the browser picks a poster width
 * (schema/posters.ts): a video card fills a phone, a short card half of it; the app's cards and the
 * worker's first screen (worker/first-screen/) say the same.
 */
export const CARD_POSTER_SIZES = {
  video: '(max-width: 560px) 100vw, 360px',
  short: '(max-width: 560px) 50vw, 200px',
} as const;

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
