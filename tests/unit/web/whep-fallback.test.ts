import { describe, expect, it } from 'vitest';
import {
  type PlaybackFacts,
  playbackPath,
  whepConnectionOutcome,
} from '../../../web/features/player/whep/whep-rules';

const facts = (change: Partial<PlaybackFacts>): PlaybackFacts => ({
  whepUrl: '/whep/pb1',
  live: true,
  whepFailed: false,
  rtcSupported: true,
  wasLive: false,
  ...change,
});

describe('the live player picks WHEP or HLS', () => {
  it('plays over WHEP while the status names a WHEP URL', () => {
    expect(playbackPath(facts({}))).toBe('whep');
    expect(playbackPath(facts({ live: null }))).toBe('whep');
  });

  it('waits for the status answer instead of loading hls.js for a stream that may be real-time', () => {
    expect(playbackPath(facts({ whepUrl: undefined }))).toBe('wait');
  });

  it('plays HLS without a WHEP URL (OBS, replays), once WHEP failed, or where WebRTC is missing', () => {
    expect(playbackPath(facts({ whepUrl: null }))).toBe('hls');
    expect(playbackPath(facts({ whepFailed: true }))).toBe('hls');
    expect(playbackPath(facts({ rtcSupported: false }))).toBe('hls');
  });

  it('plays WHEP while the server names a publisher, even before the room says live (HLS lags)', () => {
    expect(playbackPath(facts({ live: false }))).toBe('whep');
  });

  it('takes the room offline after live as the End, before the server lets the publisher go', () => {
    expect(playbackPath(facts({ live: false, wasLive: true }))).toBe('hls');
    expect(playbackPath(facts({ live: true, wasLive: true }))).toBe('whep');
  });

  it('leaves an offline stream without a WHEP URL to HLS, which says so without a request', () => {
    expect(playbackPath(facts({ live: false, whepUrl: null }))).toBe('hls');
    expect(playbackPath(facts({ live: false, whepUrl: undefined }))).toBe('hls');
  });

  it('gives WHEP up when the connection failed or closed, and waits out a disconnection', () => {
    expect(whepConnectionOutcome('failed')).toBe('ice-failed');
    expect(whepConnectionOutcome('closed')).toBe('ended');
    expect(whepConnectionOutcome('disconnected')).toBe('ok');
    expect(whepConnectionOutcome('connected')).toBe('ok');
  });
});
