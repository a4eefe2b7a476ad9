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

/**
 * The variant (rendition) a segment belongs to, from its name: ffmpeg names segments
 * `<variant playlist name><n>.ts` (`720p12.ts` under `-var_stream_map ... name:720p`, `index12.ts`
 * for one rendition), so variant names must not end in a digit. A name that is all digits is
 * variant "index".
 */
export const segmentVariant = (name: string): string => name.replace(/\d*\.ts$/, '') || 'index';

/** The variant a media playlist file names (`720p.m3u8` is variant "720p"). */
export const playlistVariant = (fileName: string): string => fileName.replace(/\.m3u8$/, '');

/** One rendition of an encoder's master playlist, as we keep it and write it again. */
export type Rendition = { name: string; bandwidth: number; resolution: string | null; codecs: string | null };

/** The most renditions one stream may push (issue 13.9): the studio's command makes two. */
export const MAX_RENDITIONS = 4;

export type MasterParse = { renditions: Rendition[] } | { error: string };

/**
 * Reads an encoder's master playlist (ffmpeg `-master_pl_name`): each `#EXT-X-STREAM-INF` with
 * its BANDWIDTH (required), RESOLUTION and CODECS, and a variant playlist URI that must be a plain
 * `<name>.m3u8` other than `index.m3u8` (where we serve the master). Null when the text has no
 * variant stream at all (it is a media playlist); an error text when it is an unusable master.
 */
export const parseMasterPlaylist = (text: string): MasterParse | null => {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== '#EXTM3U' || !lines.some((line) => line.startsWith('#EXT-X-STREAM-INF:'))) return null;
  const renditions: Rendition[] = [];
  let pending: Omit<Rendition, 'name'> | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attributes = line.slice('#EXT-X-STREAM-INF:'.length);
      const bandwidth = Number(/(?:^|,)BANDWIDTH=(\d{1,10})/.exec(attributes)?.[1]);
      if (!Number.isSafeInteger(bandwidth) || bandwidth < 1)
        return { error: 'Each rendition needs a BANDWIDTH' };
      const resolution = /(?:^|,)RESOLUTION=(\d{1,5}x\d{1,5})/.exec(attributes)?.[1] ?? null;
      const codecs = /(?:^|,)CODECS="([A-Za-z0-9.,]{1,100})"/.exec(attributes)?.[1] ?? null;
      pending = { bandwidth, resolution, codecs };
    } else if (line !== '' && !line.startsWith('#') && pending) {
      if (!PLAYLIST_NAME.test(line) || line === 'index.m3u8')
        return { error: 'A rendition playlist must be a plain <name>.m3u8 other than index.m3u8' };
      renditions.push({ name: playlistVariant(line), ...pending });
      pending = null;
    }
  }
  if (renditions.length > MAX_RENDITIONS) return { error: `At most ${MAX_RENDITIONS} renditions` };
  if (new Set(renditions.map((rendition) => rendition.name)).size !== renditions.length)
    return { error: 'Each rendition needs its own playlist' };
  return { renditions };
};

/** Our master playlist: the encoder's renditions, each pointing at our variant playlist next to it. */
export const renderMasterPlaylist = (renditions: Rendition[]): string => {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const rendition of renditions) {
    const attributes = [`BANDWIDTH=${rendition.bandwidth}`];
    if (rendition.resolution) attributes.push(`RESOLUTION=${rendition.resolution}`);
    if (rendition.codecs) attributes.push(`CODECS="${rendition.codecs}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, `${rendition.name}.m3u8`);
  }
  return `${lines.join('\n')}\n`;
};

export type LiveSegment = { seq: number; uri: string; duration: number; discontinuitySeq: number };

/**
 * Our live playlist for the given window (oldest first, contiguous sequence numbers): no
 * `#EXT-X-ENDLIST`, so players keep reloading it. With `vod` it is a replay instead: every segment
 * of a run, `#EXT-X-PLAYLIST-TYPE:VOD` and `#EXT-X-ENDLIST`. The target duration covers every listed segment
 * (RFC 8216 §4.3.3.1: each rounded EXTINF at most the target); the discontinuity sequence and tags
 * mark encoder restarts so players reset their timestamps.
 */
export const renderLivePlaylist = (
  targetDuration: number,
  segments: LiveSegment[],
  options: { vod?: boolean } = {},
): string => {
  const first = segments[0];
  if (!first) throw new Error('a playlist needs at least one segment');
  const target = Math.max(targetDuration, ...segments.map((segment) => Math.round(segment.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first.seq}`,
  ];
  if (options.vod) lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  if (first.discontinuitySeq > 0) lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${first.discontinuitySeq}`);
  let discontinuitySeq = first.discontinuitySeq;
  for (const segment of segments) {
    if (segment.discontinuitySeq !== discontinuitySeq) lines.push('#EXT-X-DISCONTINUITY');
    discontinuitySeq = segment.discontinuitySeq;
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri);
  }
  if (options.vod) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
};
