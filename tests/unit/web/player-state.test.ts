import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../schema/messages';
import { classifyHlsError, playerMessage, qualityOptions } from '../../../web/features/player/player-state';

describe('the live player', () => {
  it('shows no message while loading or playing, and the spec texts otherwise', () => {
    expect(playerMessage('loading')).toBeNull();
    expect(playerMessage('ready')).toBeNull();
    expect(playerMessage('offline')).toEqual({ title: MESSAGES.player.offline });
    expect(playerMessage('private')).toEqual({ title: 'Stream is private' });
    expect(playerMessage('error')).toEqual({ title: 'Stream Error', detail: 'Unable to load the stream' });
    expect(playerMessage('unavailable')).toEqual({ title: 'Playback not available' });
    expect(playerMessage('init-failed')).toEqual({ title: 'Failed to initialize player' });
  });

  it('calls a refused playlist private and any other network failure offline (retried)', () => {
    expect(classifyHlsError({ type: 'networkError', fatal: true, responseCode: 403 })).toBe('private');
    expect(classifyHlsError({ type: 'networkError', fatal: true, responseCode: 401 })).toBe('private');
    expect(classifyHlsError({ type: 'networkError', fatal: true, responseCode: 404 })).toBe('offline');
    expect(classifyHlsError({ type: 'networkError', fatal: true })).toBe('offline');
  });

  it('lets hls.js recover media errors and reports the rest as a stream error', () => {
    expect(classifyHlsError({ type: 'mediaError', fatal: true })).toBe('recover-media');
    expect(classifyHlsError({ type: 'muxError', fatal: true })).toBe('error');
    expect(classifyHlsError({ type: 'otherError', fatal: true })).toBe('error');
  });

  it('offers only auto for a single-level stream such as the local ingest', () => {
    expect(qualityOptions([])).toEqual([{ label: 'auto', level: -1 }]);
    expect(qualityOptions([{ height: 1080 }])).toEqual([{ label: 'auto', level: -1 }]);
  });

  it('offers auto plus the standard qualities a ladder has, pointing at their levels', () => {
    const ladder = [{ height: 360 }, { height: 720 }, { height: 1080 }];
    expect(qualityOptions(ladder)).toEqual([
      { label: 'auto', level: -1 },
      { label: '1080p', level: 2 },
      { label: '720p', level: 1 },
      { label: '360p', level: 0 },
    ]);
  });

  it('matches near heights (1088 is 1080p) and leaves out levels of no standard size', () => {
    expect(qualityOptions([{ height: 240 }, { height: 1088 }]).map((q) => q.label)).toEqual([
      'auto',
      '1080p',
    ]);
    expect(qualityOptions([{ height: 480 }, { height: 480 }])).toEqual([
      { label: 'auto', level: -1 },
      { label: '480p', level: 1 },
    ]);
  });
});
