/** The studio's status badge (live §2, §4). */
export type StudioBadge = 'Loading' | 'LIVE' | 'READY' | 'OFFLINE';
/** What the right two thirds show when there is no picture to play. */
export type StudioStage = 'connect-wallet' | 'create-key' | 'no-live-stream' | 'stream-ready' | 'player';

export type StudioFacts = {
  signedIn: boolean;
  /** The first reads (key, status) are still running. */
  loading: boolean;
  hasKey: boolean;
  /** The key's switch (status isActive). */
  keyActive: boolean;
  /** Media is arriving (the status room, else the status call). */
  isLive: boolean;
  /** A prepared or started session exists for the key. */
  hasSession: boolean;
};

/** LIVE when the feed says so; READY once the key is active; OFFLINE otherwise; Loading first. */
export function studioBadge(facts: StudioFacts): StudioBadge {
  if (facts.signedIn && facts.loading) return 'Loading';
  if (facts.isLive) return 'LIVE';
  if (facts.hasKey && facts.keyActive) return 'READY';
  return 'OFFLINE';
}

/** Which empty state (or the player) the stage shows. */
export function studioStage(facts: StudioFacts): StudioStage {
  if (!facts.signedIn) return 'connect-wallet';
  if (!facts.hasKey) return 'create-key';
  if (facts.isLive) return 'player';
  return facts.hasSession ? 'stream-ready' : 'no-live-stream';
}

/**
 * Prepare Stream: a key exists, it is active and the stream is not live (live §2). A session that
 * already exists is found by the prepare itself ('Stream is already live!', then loaded).
 */
export const canPrepare = (facts: StudioFacts) => facts.hasKey && facts.keyActive && !facts.isLive;

/**
 * Stop Stream: a session exists. Preparing starts the session, so it is live for the server from
 * then on, on air or still waiting for the encoder; either way the creator can end it.
 */
export const canStop = (facts: StudioFacts) => facts.hasSession;
