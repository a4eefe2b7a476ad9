import { STILL_FILTER, type StreamingSettings } from '../../../schema/live';

/*
 * Files an encoder can load (live §2 Configuration dialog), built from the streaming info: OBS
 * profile files (`basic.ini`, `service.json`, `streamEncoder.json`, the same files Streamlabs OBS
 * imports), for the ingest presets: the stream's own ingest, its WHIP endpoint (OBS 30+), YouTube
 * and Facebook.
 */

export type IngestPresetId = 'reel' | 'whip' | 'youtube' | 'facebook';
export type IngestPreset = { id: IngestPresetId; label: string; server: string; keyHint: string };

/** The platforms' RTMPS ingest addresses (their own stream keys go with them, not ours). */
export const YOUTUBE_INGEST = 'rtmps://a.rtmps.youtube.com:443/live2';
export const FACEBOOK_INGEST = 'rtmps://live-api-s.facebook.com:443/rtmp/';

/**
 * The ingest presets: this stream's ingest (local or Livepeer), its WHIP URL where the provider
 * has one (OBS 30's WHIP output: the URL and the stream key as its Bearer token), YouTube and
 * Facebook.
 */
export function ingestPresets(serverUrl: string, whipUrl: string | null = null): IngestPreset[] {
  return [
    {
      id: 'reel',
      label: isHttpIngest(serverUrl) ? 'Local ingest' : 'Reel ingest',
      server: serverUrl,
      keyHint: '',
    },
    ...(whipUrl ? [{ id: 'whip' as const, label: 'WHIP (OBS 30+)', server: whipUrl, keyHint: '' }] : []),
    { id: 'youtube', label: 'YouTube', server: YOUTUBE_INGEST, keyHint: 'your YouTube stream key' },
    { id: 'facebook', label: 'Facebook', server: FACEBOOK_INGEST, keyHint: 'your Facebook stream key' },
  ];
}

/** The local ingest takes HLS over HTTP PUT, not RTMP. */
export const isHttpIngest = (server: string) => /^https?:\/\//i.test(server);

/** Where an HTTP-ingest encoder PUTs the playlist `name`: `<server>/<key>/<name>`. */
const ingestPath = (server: string, key: string, name: string) =>
  `${server.replace(/\/+$/, '')}/${key}/${name}`;

/** Where an HTTP-ingest encoder PUTs its playlist: `<server>/<key>/index.m3u8`. */
export const hlsIngestUrl = (server: string, key: string) => ingestPath(server, key, 'index.m3u8');

/** The frame rate every configuration asks for, so a GOP of `keyframeInterval * FPS` frames is that many seconds. */
const FPS = 30;

/**
 * The ffmpeg command's renditions (issue 13.9), highest first: the names become the variant
 * playlists (`720p.m3u8`) under the `index.m3u8` master. Bitrates are the usual ladder for 30 fps
 * H.264; the spec's 6000 kbps is for one 1080p stream (OBS's profiles keep it).
 */
export const FFMPEG_RENDITIONS = [
  { name: '720p', height: 720, videoKbps: 3000, audioKbps: 128 },
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
] as const;

/** The ffmpeg output that sends the still frame of `video` (a stream specifier or filter label). */
export const stillOutput = (server: string, key: string, video: string): string =>
  `-map ${video} -update 1 -f image2 ${ingestPath(server, key, 'poster.jpg')}`;

export type FfmpegSource = {
  /** The input file (or device) the command reads; `in.mp4` in the dialog. */
  input?: string;
  /** Whether the input has a sound track: ffmpeg refuses to map audio that is not there. */
  sound?: boolean;
};

/**
 * The one-line ffmpeg command for the local ingest: the input split and scaled into the renditions,
 * each with its own audio when the input has sound, the spec's x264 settings on 4:2:0 pictures
 * (x264's High 4:4:4 is refused by `-profile:v main`, and browsers cannot play it), a keyframe
 * every `keyframeInterval` seconds at 30 fps (no scene-cut keyframes, so every segment is exactly
 * that long: issue 13.8's 1 s), HLS pushed with HTTP PUT, a variant playlist per rendition under
 * the `index.m3u8` master, and a second output sending the still frame (`poster.jpg`).
 */
export function ffmpegCommand(
  server: string,
  key: string,
  settings: StreamingSettings,
  { input = 'in.mp4', sound = true }: FfmpegSource = {},
): string {
  const split = `[0:v]split=${FFMPEG_RENDITIONS.length + 1}${FFMPEG_RENDITIONS.map((r) => `[in${r.height}]`).join('')}[instill]`;
  const scales = FFMPEG_RENDITIONS.map((r) => `[in${r.height}]scale=-2:${r.height}[v${r.height}]`);
  const audio = (i: number) => (sound ? `,a:${i}` : '');
  return [
    `ffmpeg -re -i ${input}`,
    `-filter_complex "${[split, ...scales, `[instill]${STILL_FILTER}[still]`].join(';')}"`,
    ...FFMPEG_RENDITIONS.map((r) => `-map "[v${r.height}]"${sound ? ' -map 0:a' : ''}`),
    `-c:v libx264 -pix_fmt yuv420p -preset ${settings.preset} -tune ${settings.tune} -profile:v ${settings.profile}`,
    `-r ${FPS} -g ${settings.keyframeInterval * FPS} -sc_threshold 0`,
    ...FFMPEG_RENDITIONS.map(
      (r, i) =>
        `-b:v:${i} ${r.videoKbps}k -maxrate:v:${i} ${r.videoKbps}k -bufsize:v:${i} ${r.videoKbps * 2}k`,
    ),
    ...(sound ? ['-c:a aac', ...FFMPEG_RENDITIONS.map((r, i) => `-b:a:${i} ${r.audioKbps}k`)] : []),
    `-f hls -hls_time ${settings.keyframeInterval} -master_pl_name index.m3u8`,
    `-var_stream_map "${FFMPEG_RENDITIONS.map((r, i) => `v:${i}${audio(i)},name:${r.name}`).join(' ')}"`,
    `-method PUT ${ingestPath(server, key, '%v.m3u8')}`,
    stillOutput(server, key, '"[still]"'),
  ].join(' ');
}

export type ConfigFile = { name: string; type: string; content: string };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** OBS's `streamEncoder.json`: the x264 settings of the advanced output's stream encoder. */
export function obsStreamEncoder(settings: StreamingSettings): ConfigFile {
  return {
    name: 'streamEncoder.json',
    type: 'application/json',
    content: json({
      rate_control: settings.rateControl,
      bitrate: settings.bitrate,
      keyint_sec: settings.keyframeInterval,
      preset: settings.preset,
      profile: settings.profile,
      tune: settings.tune,
    }),
  };
}

/** OBS's `service.json` for a custom RTMP server. */
export function obsCustomService(server: string, key: string): ConfigFile {
  return {
    name: 'service.json',
    type: 'application/json',
    content: json({ type: 'rtmp_custom', settings: { server, key, use_auth: false, bwtest: false } }),
  };
}

/** OBS 30's `service.json` for its WHIP output: the endpoint and the stream key as the Bearer token. */
export function obsWhipService(server: string, bearerToken: string): ConfigFile {
  return {
    name: 'service.json',
    type: 'application/json',
    content: json({ type: 'whip_custom', settings: { server, bearer_token: bearerToken } }),
  };
}

/** A preset that takes our stream key (our own ingest or WHIP endpoint), not another platform's. */
export const takesOurKey = (preset: IngestPreset) => preset.id === 'reel' || preset.id === 'whip';

/** OBS's `service.json` for YouTube's own service entry (RTMPS). */
function obsYouTubeService(key: string): ConfigFile {
  return {
    name: 'service.json',
    type: 'application/json',
    content: json({
      type: 'rtmp_common',
      settings: { service: 'YouTube - RTMPS', server: YOUTUBE_INGEST, key },
    }),
  };
}

/** OBS's `basic.ini`: a Reel profile, 1080p30 video, the advanced output with `advOut`'s lines. */
function obsProfile(advOut: string[]): ConfigFile {
  const lines = [
    '[General]',
    'Name=Reel',
    '',
    '[Video]',
    'BaseCX=1920',
    'BaseCY=1080',
    'OutputCX=1920',
    'OutputCY=1080',
    'FPSType=0',
    'FPSCommon=30',
    '',
    '[Output]',
    'Mode=Advanced',
    '',
    '[AdvOut]',
    ...advOut,
    '',
  ];
  return { name: 'basic.ini', type: 'text/plain', content: lines.join('\n') };
}

/**
 * OBS's `basic.ini` for the local ingest: OBS has no HLS streaming service, so the profile records
 * through the advanced output's custom FFmpeg output straight to the ingest URL (HLS over PUT,
 * `keyframeInterval`-long segments, one rendition) with the recommended x264 settings. Start it
 * with Start Recording.
 */
export function obsHlsProfile(server: string, key: string, settings: StreamingSettings): ConfigFile {
  return obsProfile([
    'RecType=FFmpeg',
    'FFOutputToFile=false',
    `FFURL=${hlsIngestUrl(server, key)}`,
    'FFFormat=hls',
    'FFFormatMimeType=application/vnd.apple.mpegurl',
    'FFExtension=m3u8',
    `FFMCustom=method=PUT hls_time=${settings.keyframeInterval}`,
    `FFVBitrate=${settings.bitrate}`,
    `FFVGOPSize=${settings.keyframeInterval * FPS}`,
    'FFVEncoder=libx264',
    'FFVEncoderId=27',
    `FFVCustom=preset=${settings.preset} tune=${settings.tune} profile=${settings.profile} nal-hrd=cbr`,
    'FFABitrate=160',
    'FFAEncoder=aac',
    'FFAEncoderId=86018',
    'FFAudioMixes=1',
  ]);
}

/** OBS's `basic.ini` for an RTMP service: advanced output with the x264 stream encoder. */
function obsRtmpProfile(): ConfigFile {
  return obsProfile(['Encoder=obs_x264']);
}

export type EncoderTarget = 'obs' | 'streamlabs' | 'youtube' | 'facebook';
export const ENCODER_TARGETS: { id: EncoderTarget; label: string }[] = [
  { id: 'obs', label: 'OBS' },
  { id: 'streamlabs', label: 'Streamlabs OBS' },
  { id: 'youtube', label: 'YouTube Live' },
  { id: 'facebook', label: 'Facebook Live' },
];

type ConfigInput = { preset: IngestPreset; key: string; settings: StreamingSettings };

/**
 * The profile files for one encoder download. OBS and Streamlabs OBS point at the chosen preset
 * (the local ingest gets the FFmpeg-output profile; Streamlabs has no such output, so it gets the
 * RTMP files, which need an RTMP ingest); YouTube Live and Facebook Live always point at those
 * platforms, with the key left for the platform's own.
 */
export function encoderConfigFiles(
  target: EncoderTarget,
  { preset, key, settings }: ConfigInput,
): ConfigFile[] {
  const encoder = obsStreamEncoder(settings);
  const presetKey = takesOurKey(preset) ? key : '';
  // OBS 30+ sends WHIP itself (x264 without B-frames, as `tune zerolatency` gives, and Opus);
  // Streamlabs OBS has no WHIP output and gets the same files, for an OBS it may sit beside.
  if (preset.id === 'whip' && (target === 'obs' || target === 'streamlabs')) {
    return [obsRtmpProfile(), obsWhipService(preset.server, presetKey), encoder];
  }
  switch (target) {
    case 'obs':
      return isHttpIngest(preset.server)
        ? [obsHlsProfile(preset.server, presetKey, settings)]
        : [obsRtmpProfile(), obsCustomService(preset.server, presetKey), encoder];
    case 'streamlabs':
      return [obsCustomService(preset.server, presetKey), encoder];
    case 'youtube':
      return [obsRtmpProfile(), obsYouTubeService(''), encoder];
    case 'facebook':
      return [obsRtmpProfile(), obsCustomService(FACEBOOK_INGEST, ''), encoder];
  }
}
