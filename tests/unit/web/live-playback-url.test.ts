import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolvePlaybackUrl } from '../../../web/features/live/api';

/** Answers `GET /api/stream-keys/livepeer/info/{id}` from a table: a URL, a 404, or a network failure. */
function serveInfo(table: Record<string, string | 404 | 'down'>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    const id = decodeURIComponent(path.split('/').pop() ?? '');
    asked.push(id);
    const answer = table[id];
    if (answer === 'down' || answer === undefined) throw new TypeError('Failed to fetch');
    if (answer === 404)
      return Response.json(
        { error: { code: 'not_found', message: 'Stream key not found' } },
        { status: 404 },
      );
    return Response.json({
      data: { id: 'k1', playbackId: 'p1', playbackUrl: answer, livepeerStreamId: null },
    });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where a stream plays from (live §4)', () => {
  it('takes the key playback URL first, without asking the server', async () => {
    const asked = serveInfo({});
    const key = { playbackUrl: '/hls/p1/index.m3u8', livepeerStreamId: 'lp1', playbackId: 'p1' };
    expect(await resolvePlaybackUrl(key)).toBe('/hls/p1/index.m3u8');
    expect(asked).toEqual([]);
  });

  it('then the info for the provider stream id', async () => {
    const asked = serveInfo({ lp1: 'https://cdn.example/hls/lp/index.m3u8' });
    const key = { playbackUrl: '', livepeerStreamId: 'lp1', playbackId: 'p1' };
    expect(await resolvePlaybackUrl(key)).toBe('https://cdn.example/hls/lp/index.m3u8');
    expect(asked).toEqual(['lp1']);
  });

  it('then the info for the playback id when the provider lookup fails', async () => {
    const asked = serveInfo({ lp1: 404, p1: '/hls/p1/index.m3u8' });
    const key = { playbackUrl: '', livepeerStreamId: 'lp1', playbackId: 'p1' };
    expect(await resolvePlaybackUrl(key)).toBe('/hls/p1/index.m3u8');
    expect(asked).toEqual(['lp1', 'p1']);
  });

  it('fails when every lookup failed (the card says it could not get a URL)', async () => {
    serveInfo({ lp1: 'down', p1: 404 });
    const key = { playbackUrl: '', livepeerStreamId: 'lp1', playbackId: 'p1' };
    await expect(resolvePlaybackUrl(key)).rejects.toThrow('Stream key not found');
  });

  it('answers null when there is nothing to ask (no playback URL available)', async () => {
    serveInfo({});
    expect(await resolvePlaybackUrl({ playbackUrl: '', livepeerStreamId: null, playbackId: '' })).toBeNull();
  });
});
