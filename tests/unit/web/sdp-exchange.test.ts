import { describe, expect, it } from 'vitest';
import { ApiRequestError, isApiError } from '../../../web/lib/api';
import { readSdpAnswer } from '../../../web/lib/sdp-exchange';

const WHIP = 'http://127.0.0.1:8787/whip';
const SDP = 'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\n';

const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('WHIP / WHEP answers', () => {
  it('takes a 201 answer and resolves its path-only Location against the endpoint', () => {
    expect(readSdpAnswer(WHIP, { status: 201, location: '/whip/r1', body: SDP })).toEqual({
      answer: SDP,
      resourceUrl: 'http://127.0.0.1:8787/whip/r1',
    });
  });

  it('keeps an absolute Location (Cloudflare answers one on its own host)', () => {
    const location = 'https://customer.cloudflarestream.com/abc/webRTC/publish/r2';
    expect(readSdpAnswer(WHIP, { status: 201, location, body: SDP }).resourceUrl).toBe(location);
  });

  it('turns a refused key (401 with our envelope) into an ApiRequestError with its code', () => {
    const body = JSON.stringify({ error: { code: 'unauthorized', message: 'Unknown stream key' } });
    const error = thrown(() => readSdpAnswer(WHIP, { status: 401, location: null, body }));
    expect(isApiError(error, 'unauthorized')).toBe(true);
    expect((error as ApiRequestError).message).toBe('Unknown stream key');
  });

  it('says "Stream is offline" for a WHEP 404 and falls back to the status line without an envelope', () => {
    const offline = JSON.stringify({ error: { code: 'not_found', message: 'Stream is offline' } });
    expect(thrown(() => readSdpAnswer(WHIP, { status: 404, location: null, body: offline }))).toMatchObject({
      status: 404,
      message: 'Stream is offline',
    });
    expect(thrown(() => readSdpAnswer(WHIP, { status: 409, location: null, body: 'busy' }))).toMatchObject({
      status: 409,
      code: null,
      message: 'HTTP error! status: 409',
    });
  });

  it('refuses a success without a session: 200 (a proxy page), no Location, or a body that is no SDP', () => {
    for (const answer of [
      { status: 200, location: '/whip/r1', body: SDP },
      { status: 201, location: null, body: SDP },
      { status: 201, location: '/whip/r1', body: '<html>' },
    ]) {
      expect(thrown(() => readSdpAnswer(WHIP, answer))).toBeInstanceOf(ApiRequestError);
    }
  });
});
