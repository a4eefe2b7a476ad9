/**
 * What the page and the service worker say about the offline outbox. Constants only: the service
 * worker (web/sw/outbox.ts) imports this file.
 */

/** The Background Sync tag the page registers when an action pauses offline. */
export const OUTBOX_SYNC_TAG = 'reel-outbox';

/** The service worker's message to an open page: send your paused actions now. */
export const OUTBOX_RESUME_MESSAGE = 'REEL_OUTBOX_RESUME';
