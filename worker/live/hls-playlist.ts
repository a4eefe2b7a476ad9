/**
 * HLS media playlists (RFC 8216) as the local ingest reads and writes them: pure functions, no I/O.
 * We read what an encoder PUTs (ffmpeg's `-f hls` muxer) and write our own sliding live window.
 */

/** File names an encoder may PUT: one playlist and MPEG-TS segments, nothing with a path. */
export const PLAYLIST_NAME = /^[A-Za-z0-9_-]{1,64}\.m3u8$/;
export const SEGMENT_NAME = /^[A-Za-z0-9_-]{1,64}\.ts$/;

export type EncoderPlaylist = {
  /** Whole seconds (#EXT-X-TARGETDURATION), at least 1. */
  targetDuration: number;
  /** #EXT-X-ENDLIST: the encoder has finished. */
  ended: boolean;
  /** The listed segments in order; names that are not plain segment file names are dropped. */
  segments: { name: string; duration: number }[];
};

/** The longest target duration we accept: beyond it "live" would linger for minutes. */
const MAX_TARGET_DURATION = 30;

/**
 * Reads an encoder's media playlist. Answers null when the text is not an HLS playlist (no
 * `#EXTM3U`, or no usable target duration). Unknown tags are ignored.
 */
export const parseEncoderPlaylist = (text: string): EncoderPlaylist | null => {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U') return null;
  let targetDuration = 0;
  let ended = false;
  let pendingDuration: number | null = null;
  const segments: EncoderPlaylist['segments'] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) {
      targetDuration = Number.parseInt(line.slice('#EXT-X-TARGETDURATION:'.length), 10);
    } else if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line.startsWith('#EXTINF:')) {
      const duration = Number.parseFloat(line.slice('#EXTINF:'.length));
      pendingDuration = Number.isFinite(duration) && duration > 0 ? duration : null;
    } else if (line !== '' && !line.startsWith('#')) {
      if (pendingDuration !== null && SEGMENT_NAME.test(line))
        segments.push({ name: line, duration: pendingDuration });
      pendingDuration = null;
    }
  }
  if (!Number.isInteger(targetDuration) || targetDuration < 1) return null;
  return { targetDuration: Math.min(targetDuration, MAX_TARGET_DURATION), ended, segments };
};

export type LiveSegment = { seq: number; uri: string; duration: number; discontinuitySeq: number };

/**
 * Our live playlist for the given window (oldest first, contiguous sequence numbers): no
 * `#EXT-X-ENDLIST`, so players keep reloading it. The target duration covers every listed segment
 * (RFC 8216 §4.3.3.1: each rounded EXTINF at most the target); the discontinuity sequence and tags
 * mark encoder restarts so players reset their timestamps.
 */
export const renderLivePlaylist = (targetDuration: number, segments: LiveSegment[]): string => {
  const first = segments[0];
  if (!first) throw new Error('a live playlist needs at least one segment');
  const target = Math.max(targetDuration, ...segments.map((segment) => Math.round(segment.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first.seq}`,
  ];
  if (first.discontinuitySeq > 0) lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${first.discontinuitySeq}`);
  let discontinuitySeq = first.discontinuitySeq;
  for (const segment of segments) {
    if (segment.discontinuitySeq !== discontinuitySeq) lines.push('#EXT-X-DISCONTINUITY');
    discontinuitySeq = segment.discontinuitySeq;
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
  }
  return `${lines.join('\n')}\n`;
};
