import { describe, expect, it } from 'vitest';
import { maskKey } from '../../../web/features/livestream/mask-key';
import {
  canPrepare,
  canStop,
  type StudioFacts,
  studioBadge,
  studioStage,
} from '../../../web/features/livestream/studio-status';

const facts = (over: Partial<StudioFacts> = {}): StudioFacts => ({
  signedIn: true,
  loading: false,
  hasKey: true,
  keyActive: true,
  isLive: false,
  hasSession: false,
  ...over,
});

describe('the stream key display', () => {
  it('shows the first 12 characters, an ellipsis and the last 4', () => {
    expect(maskKey('sk_live_abcdefghijklmnopqrstuvwxyz')).toBe('sk_live_abcd…wxyz');
  });

  it('hides a key too short to mask that way completely', () => {
    expect(maskKey('short-key')).toBe('•••••••••');
    expect(maskKey('')).toBe('');
  });
});

describe('the studio status', () => {
  it('says Loading while the first reads run, for a signed-in creator', () => {
    expect(studioBadge(facts({ loading: true }))).toBe('Loading');
  });

  it('is LIVE when the status feed says so, READY with an active key, OFFLINE otherwise', () => {
    expect(studioBadge(facts({ isLive: true, hasSession: true }))).toBe('LIVE');
    expect(studioBadge(facts())).toBe('READY');
    expect(studioBadge(facts({ keyActive: false }))).toBe('OFFLINE');
    expect(studioBadge(facts({ hasKey: false, keyActive: false }))).toBe('OFFLINE');
    expect(studioBadge(facts({ signedIn: false, hasKey: false, loading: true }))).toBe('OFFLINE');
  });

  it('shows the empty state that says what to do next, and the player once live', () => {
    expect(studioStage(facts({ signedIn: false }))).toBe('connect-wallet');
    expect(studioStage(facts({ hasKey: false }))).toBe('create-key');
    expect(studioStage(facts())).toBe('no-live-stream');
    expect(studioStage(facts({ hasSession: true }))).toBe('stream-ready');
    expect(studioStage(facts({ hasSession: true, isLive: true }))).toBe('player');
  });

  it('offers Prepare Stream only with an active key while not live', () => {
    expect(canPrepare(facts())).toBe(true);
    expect(canPrepare(facts({ hasKey: false, keyActive: false }))).toBe(false);
    expect(canPrepare(facts({ keyActive: false }))).toBe(false);
    expect(canPrepare(facts({ isLive: true, hasSession: true }))).toBe(false);
  });

  it('offers Stop Stream only when a session exists', () => {
    expect(canStop(facts())).toBe(false);
    expect(canStop(facts({ hasSession: true }))).toBe(true);
    expect(canStop(facts({ hasSession: true, isLive: true }))).toBe(true);
  });
});
