import { describe, expect, it } from 'vitest';
import { parseEncoderPlaylist, renderLivePlaylist } from '../../worker/live/hls-playlist';

describe('parseEncoderPlaylist', () => {
  it('reads what ffmpeg’s HLS muxer writes, ENDLIST included', () => {
    const text =
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:4\n' +
      '#EXTINF:2.000000,\nindex4.ts\n#EXTINF:1.000000,\nindex5.ts\n#EXT-X-ENDLIST\n';
    expect(parseEncoderPlaylist(text)).toEqual({
      targetDuration: 2,
      ended: true,
      segments: [
        { name: 'index4.ts', duration: 2 },
        { name: 'index5.ts', duration: 1 },
      ],
    });
  });

  it('accepts CRLF lines and ignores tags it does not know', () => {
    const text =
      '#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00Z\r\n#EXTINF:5.5,\r\nlive0.ts\r\n';
    expect(parseEncoderPlaylist(text)).toEqual({
      targetDuration: 6,
      ended: false,
      segments: [{ name: 'live0.ts', duration: 5.5 }],
    });
  });

  it('drops entries that are paths, URLs or other media instead of plain segment names', () => {
    const text =
      '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n../secret.ts\n#EXTINF:2,\nhttp://evil/x.ts\n' +
      '#EXTINF:2,\nclip.mp4\n#EXTINF:2,\nok.ts\n#EXTINF:-1,\nnegative.ts\n';
    expect(parseEncoderPlaylist(text)?.segments).toEqual([{ name: 'ok.ts', duration: 2 }]);
  });

  it('refuses text that is not a media playlist, and caps a huge target duration', () => {
    expect(parseEncoderPlaylist('hello')).toBeNull();
    expect(parseEncoderPlaylist('#EXTM3U\n#EXTINF:2,\na.ts\n')).toBeNull();
    expect(parseEncoderPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:0\n')).toBeNull();
    expect(parseEncoderPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:3600\n')?.targetDuration).toBe(30);
  });
});

describe('renderLivePlaylist', () => {
  const segment = (seq: number, discontinuitySeq = 1, duration = 2) => ({
    seq,
    uri: `s${seq}.ts`,
    duration,
    discontinuitySeq,
  });

  it('writes a live window: our sequence, no ENDLIST, durations with six decimals', () => {
    expect(renderLivePlaylist(2, [segment(7), segment(8, 1, 1.96)])).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:7\n' +
        '#EXT-X-DISCONTINUITY-SEQUENCE:1\n#EXTINF:2.000000,\ns7.ts\n#EXTINF:1.960000,\ns8.ts\n',
    );
  });

  it('marks encoder restarts with a discontinuity and keeps counting them as the window slides', () => {
    const lines = renderLivePlaylist(2, [segment(3, 1), segment(4, 2), segment(5, 2)]).split('\n');
    expect(lines).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(lines.indexOf('#EXT-X-DISCONTINUITY')).toBe(lines.indexOf('s4.ts') - 2);
    const slid = renderLivePlaylist(2, [segment(4, 2), segment(5, 2)]).split('\n');
    expect(slid).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:2');
    expect(slid).not.toContain('#EXT-X-DISCONTINUITY');
  });

  it('raises the target duration to cover a longer segment, as RFC 8216 requires', () => {
    expect(renderLivePlaylist(2, [segment(0, 0, 2.6)])).toContain('#EXT-X-TARGETDURATION:3');
  });
});
