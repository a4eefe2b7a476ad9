import { describe, expect, it } from 'vitest';
import { GO_LIVE_MESSAGES } from '../../../schema/messages/go-live';
import {
  bitrateKbps,
  connectionQuality,
  DISCONNECTED_GRACE_MS,
  mediaErrorMessage,
  publishErrorMessage,
  RESUME_WINDOW_MS,
  resumeStep,
  retriable,
  sendSample,
} from '../../../web/features/livestream/go-live/broadcast-rules';
import {
  audioConstraints,
  otherFacing,
  qualityById,
  screenConstraints,
  videoConstraints,
} from '../../../web/features/livestream/go-live/quality';
import { ApiRequestError } from '../../../web/lib/api';

describe('go live: quality constraints', () => {
  it('asks the camera for 720p or 480p at 30 fps as ideals, so a lesser camera still opens', () => {
    expect(videoConstraints(qualityById('720p'), { deviceId: null, facingMode: null })).toEqual({
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30, max: 30 },
    });
    expect(videoConstraints(qualityById('480p'), { deviceId: null, facingMode: null })).toMatchObject({
      width: { ideal: 854 },
      height: { ideal: 480 },
    });
    expect(qualityById('720p').maxBitrate).toBeGreaterThan(qualityById('480p').maxBitrate);
  });

  it('opens a picked camera exactly, else the facing side, and the switch flips the side', () => {
    const quality = qualityById('720p');
    expect(videoConstraints(quality, { deviceId: 'cam2', facingMode: 'user' }).deviceId).toEqual({
      exact: 'cam2',
    });
    expect(videoConstraints(quality, { deviceId: 'cam2', facingMode: 'user' }).facingMode).toBeUndefined();
    expect(videoConstraints(quality, { deviceId: null, facingMode: 'environment' }).facingMode).toEqual({
      ideal: 'environment',
    });
    expect(otherFacing(null)).toBe('environment');
    expect(otherFacing('environment')).toBe('user');
    expect(otherFacing('user')).toBe('environment');
  });

  it('caps a screen share at the quality height and opens a picked microphone exactly', () => {
    expect(screenConstraints(qualityById('480p')).height).toEqual({ max: 480 });
    expect(audioConstraints('mic1').deviceId).toEqual({ exact: 'mic1' });
    expect(audioConstraints(null).deviceId).toBeUndefined();
  });
});

describe('go live: bitrate and connection indicator', () => {
  it('reads kbit/s from the outbound-rtp bytes of two getStats readings', () => {
    const first = sendSample([
      { type: 'outbound-rtp', bytesSent: 100_000, timestamp: 1_000 },
      { type: 'outbound-rtp', bytesSent: 10_000, timestamp: 1_000 },
      { type: 'candidate-pair', timestamp: 1_000 },
    ]);
    const second = sendSample([
      { type: 'outbound-rtp', bytesSent: 350_000, timestamp: 2_000 },
      { type: 'outbound-rtp', bytesSent: 20_000, timestamp: 2_000 },
    ]);
    expect(first).toEqual({ bytesSent: 110_000, timestamp: 1_000 });
    if (!second) throw new Error('no reading');
    // (370 000 - 110 000) bytes * 8 / 1000 ms = 2080 kbit/s.
    expect(bitrateKbps(first, second)).toBe(2080);
    expect(bitrateKbps(null, second)).toBeNull();
    expect(sendSample([{ type: 'inbound-rtp', bytesSent: 1, timestamp: 1 }])).toBeNull();
  });

  it('gives no rate for a reading that went back (a new connection after a resume)', () => {
    expect(bitrateKbps({ bytesSent: 500, timestamp: 10 }, { bytesSent: 100, timestamp: 20 })).toBeNull();
  });

  it('calls a connection good, weak below a third of the target, and lost when it is down', () => {
    expect(connectionQuality('connected', 2000, 2500)).toBe('good');
    expect(connectionQuality('connected', 500, 2500)).toBe('weak');
    expect(connectionQuality('connecting', null, 2500)).toBe('weak');
    expect(connectionQuality('disconnected', 2000, 2500)).toBe('lost');
    expect(connectionQuality('failed', null, 2500)).toBe('lost');
  });
});

describe('go live: losing the network resumes the broadcast', () => {
  it('waits out a short disconnection, then publishes again once online', () => {
    expect(resumeStep('connected', 0, true)).toBe('ok');
    expect(resumeStep('disconnected', 1_000, true)).toBe('wait');
    expect(resumeStep('disconnected', DISCONNECTED_GRACE_MS, true)).toBe('republish');
    expect(resumeStep('failed', 0, true)).toBe('republish');
    expect(resumeStep('failed', 0, false)).toBe('wait');
  });

  it('gives up a minute after the loss (the server starts a new replay after that)', () => {
    expect(resumeStep('failed', RESUME_WINDOW_MS, true)).toBe('give-up');
    expect(resumeStep('disconnected', RESUME_WINDOW_MS, false)).toBe('give-up');
  });

  it('retries the network and a stale publisher (409), not a refused key', () => {
    expect(retriable(new TypeError('Failed to fetch'))).toBe(true);
    expect(retriable(new ApiRequestError(409, 'conflict', 'busy'))).toBe(true);
    expect(retriable(new ApiRequestError(503, null, 'down'))).toBe(true);
    expect(retriable(new ApiRequestError(401, 'unauthorized', 'no'))).toBe(false);
    expect(retriable(new ApiRequestError(403, 'forbidden', 'This stream key is not active'))).toBe(false);
  });
});

describe('go live: what the creator is told', () => {
  it('names a refused key, an inactive key and a busy key', () => {
    expect(publishErrorMessage(new ApiRequestError(401, 'unauthorized', 'x'))).toBe(
      GO_LIVE_MESSAGES.keyRefused,
    );
    expect(publishErrorMessage(new ApiRequestError(403, 'forbidden', 'This stream key is not active'))).toBe(
      'This stream key is not active',
    );
    expect(publishErrorMessage(new ApiRequestError(409, 'conflict', 'x'))).toBe(GO_LIVE_MESSAGES.busy);
    expect(publishErrorMessage(new TypeError('Failed to fetch'))).toBe(GO_LIVE_MESSAGES.publishFailed);
  });

  it('tells a denied permission from a missing device', () => {
    expect(mediaErrorMessage(new DOMException('no', 'NotAllowedError'))).toBe(
      GO_LIVE_MESSAGES.noMediaPermission,
    );
    expect(mediaErrorMessage(new DOMException('none', 'NotFoundError'))).toBe(GO_LIVE_MESSAGES.noDevice);
    expect(mediaErrorMessage(new Error('?'))).toBe(GO_LIVE_MESSAGES.mediaFailed);
  });
});
