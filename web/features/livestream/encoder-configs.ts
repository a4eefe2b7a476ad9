import type { StreamingSettings } from '../../../schema/live';

/*
 * Files an encoder can load (live §2 Configuration dialog), built from the streaming info: OBS
 * profile files (`basic.ini`, `service.json`, `streamEncoder.json`, the same files Streamlabs OBS
 * imports), for the ingest presets: the stream's own ingest, YouTube and Facebook.
 */

export type IngestPresetId = 'reel' | 'youtube' | 'facebook';
export type IngestPreset = { id: IngestPresetId; label: string; server: string; keyHint: string };

/** The platforms' RTMPS ingest addresses (their own stream keys go with them, not ours). */
export const YOUTUBE_INGEST = 'rtmps://a.rtmps.youtube.com:443/live2';
export const FACEBOOK_INGEST = 'rtmps://live-api-s.facebook.com:443/rtmp/';

/** The ingest presets: this stream's ingest (local or Livepeer), YouTube and Facebook. */
export function ingestPresets(serverUrl: string): IngestPreset[] {
  return [
    {
      id: 'reel',
      label: isHttpIngest(serverUrl) ? 'Local ingest' : 'Reel ingest',
      server: serverUrl,
      keyHint: '',
    },
    { id: 'youtube', label: 'YouTube', server: YOUTUBE_INGEST, keyHint: 'your YouTube stream key' },
    { id: 'facebook', label: 'Facebook', server: FACEBOOK_INGEST, keyHint: 'your Facebook stream key' },
  ];
}

/** The local ingest takes HLS over HTTP PUT, not RTMP. */
export const isHttpIngest = (server: string) => /^https?:\/\//i.test(server);

/** Where an HTTP-ingest encoder PUTs its playlist: `<server>/<key>/index.m3u8`. */
export const hlsIngestUrl = (server: string, key: string) =>
  `${server.replace(/\/+$/, '')}/${key}/index.m3u8`;

/**
 * The one-line ffmpeg command for the local ingest (the README's): the spec's encoder settings,
 * 2 s segments, a keyframe every 2 s at 30 fps, pushed with HTTP PUT.
 */
export function ffmpegCommand(
  server: string,
  key: string,
  settings: StreamingSettings,
  input = 'in.mp4',
): string {
  const gop = settings.keyframeInterval * 30;
  return [
    `ffmpeg -re -i ${input}`,
    `-c:v libx264 -preset ${settings.preset} -tune ${settings.tune} -profile:v ${settings.profile}`,
    `-b:v ${settings.bitrate}k -maxrate ${settings.bitrate}k -bufsize ${settings.bitrate * 2}k -g ${gop}`,
    '-c:a aac -b:a 160k',
    `-f hls -hls_time ${settings.keyframeInterval} -method PUT ${hlsIngestUrl(server, key)}`,
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
 * 2 s segments) with the recommended x264 settings. Start it with Start Recording.
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
    `FFVGOPSize=${settings.keyframeInterval * 30}`,
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
  const presetKey = preset.id === 'reel' ? key : '';
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
