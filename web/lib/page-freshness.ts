/** When this document loaded: an answer older than this came from an earlier visit (the saved cache). */
export const pageLoadedAt = Date.now();

/** How long an answer this page read itself stands, for a read that changes all the time. */
const JUST_READ_MS = 5_000;

/**
 * `staleTime` of the reads a first screen carries that change all the time: a video, a profile and
 * the shorts feed with every like, a stream key as its streamer edits it or goes live. An answer
 * restored from the saved cache, older than this page, is stale at once and asked again on mount.
 * One this page read itself stands for a few seconds: the page whose loader has just read it from
 * the first screen's inlined answers (worker/first-screen/) does not ask the network for it again
 * the moment it mounts.
 */
export const staleUnlessJustRead = (query: { state: { dataUpdatedAt: number } }): number =>
  query.state.dataUpdatedAt < pageLoadedAt ? 0 : JUST_READ_MS;
