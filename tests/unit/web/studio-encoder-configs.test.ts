import { describe, expect, it } from 'vitest';
import { RECOMMENDED_STREAMING_SETTINGS as settings } from '../../../schema/live';
import {
  encoderConfigFiles,
  FACEBOOK_INGEST,
  ffmpegCommand,
  ingestPresets,
  YOUTUBE_INGEST,
} from '../../../web/features/livestream/encoder-configs';

const local = 'http://127.0.0.1:8787/ingest';
const key = 'sk_secret_0123456789abcdef';
const presetOf = (server: string, id: 'reel' | 'youtube' | 'facebook' = 'reel') => {
  const preset = ingestPresets(server).find((item) => item.id === id);
  if (!preset) throw new Error(`no ${id} preset`);
  return preset;
};
const iniValue = (ini: string, name: string) =>
  ini
    .split('\n')
    .find((line) => line.startsWith(`${name}=`))
    ?.slice(name.length + 1);

describe('encoder configuration', () => {
  it('offers the stream own ingest, YouTube and Facebook as presets', () => {
    expect(ingestPresets(local).map((preset) => [preset.label, preset.server])).toEqual([
      ['Local ingest', local],
      ['YouTube', YOUTUBE_INGEST],
      ['Facebook', FACEBOOK_INGEST],
    ]);
    expect(presetOf('rtmp://rtmp.livepeer.com/live').label).toBe('Reel ingest');
  });

  it('recommends a keyframe every second (issue 13.8: 1 s segments for lower latency)', () => {
    expect(settings.keyframeInterval).toBe(1);
  });

  it('gives an ffmpeg command with 1 s segments and a keyframe every second at 30 fps, pushed with PUT', () => {
    const command = ffmpegCommand(local, key, settings);
    expect(command).toMatch(/^ffmpeg -re -i in\.mp4 /);
    expect(command).toContain(
      '-c:v libx264 -pix_fmt yuv420p -preset veryfast -tune zerolatency -profile:v main',
    );
    expect(command).toContain('-r 30 -g 30 -sc_threshold 0');
    expect(command).toContain('-c:a aac');
    expect(command).toMatch(
      /-f hls -hls_time 1 .*-method PUT http:\/\/127\.0\.0\.1:8787\/ingest\/sk_secret_0123456789abcdef\/%v\.m3u8 /,
    );
  });

  it('makes the ffmpeg command encode 720p and 360p renditions under an index.m3u8 master playlist', () => {
    const command = ffmpegCommand(local, key, settings);
    expect(command).toContain(
      '-filter_complex "[0:v]split=3[in720][in360][instill];[in720]scale=-2:720[v720];[in360]scale=-2:360[v360];[instill]fps=1,scale=640:-2[still]"',
    );
    expect(command).toContain('-map "[v720]" -map 0:a -map "[v360]" -map 0:a');
    expect(command).toContain('-b:v:0 3000k -maxrate:v:0 3000k -bufsize:v:0 6000k');
    expect(command).toContain('-b:v:1 800k -maxrate:v:1 800k -bufsize:v:1 1600k');
    expect(command).toContain('-master_pl_name index.m3u8');
    expect(command).toContain('-var_stream_map "v:0,a:0,name:720p v:1,a:1,name:360p"');
  });

  it('ends the ffmpeg command with a second output sending a 640 px still every 5 s to poster.jpg', () => {
    expect(ffmpegCommand(local, key, settings)).toMatch(
      / -map "\[still\]" -update 1 -f image2 http:\/\/127\.0\.0\.1:8787\/ingest\/sk_secret_0123456789abcdef\/poster\.jpg$/,
    );
  });

  it('maps no audio in the command for a source without sound (ffmpeg refuses a missing 0:a)', () => {
    const command = ffmpegCommand(local, key, settings, { sound: false });
    expect(command).toContain('-map "[v720]" -map "[v360]" -c:v');
    expect(command).not.toContain('0:a');
    expect(command).not.toContain('-c:a');
    expect(command).toContain('-var_stream_map "v:0,name:720p v:1,name:360p"');
  });

  it('makes an OBS profile that records straight to the local ingest over HTTP PUT', () => {
    const [ini, ...rest] = encoderConfigFiles('obs', { preset: presetOf(local), key, settings });
    expect(rest).toEqual([]);
    expect(ini?.name).toBe('basic.ini');
    const content = ini?.content ?? '';
    expect(iniValue(content, 'Mode')).toBe('Advanced');
    expect(iniValue(content, 'RecType')).toBe('FFmpeg');
    expect(iniValue(content, 'FFURL')).toBe(`${local}/${key}/index.m3u8`);
    expect(iniValue(content, 'FFFormat')).toBe('hls');
    expect(iniValue(content, 'FFMCustom')).toBe('method=PUT hls_time=1');
    expect(iniValue(content, 'FFVBitrate')).toBe('6000');
    expect(iniValue(content, 'FFVGOPSize')).toBe('30');
    expect(iniValue(content, 'FFVCustom')).toContain('preset=veryfast tune=zerolatency profile=main');
  });

  it('makes OBS service and encoder files for an RTMP ingest with the key in the key field', () => {
    const rtmp = 'rtmp://rtmp.livepeer.com/live';
    const files = encoderConfigFiles('obs', { preset: presetOf(rtmp), key, settings });
    expect(files.map((file) => file.name)).toEqual(['basic.ini', 'service.json', 'streamEncoder.json']);
    expect(JSON.parse(files[1]?.content ?? '')).toEqual({
      type: 'rtmp_custom',
      settings: { server: rtmp, key, use_auth: false, bwtest: false },
    });
    expect(JSON.parse(files[2]?.content ?? '')).toEqual({
      rate_control: 'CBR',
      bitrate: 6000,
      keyint_sec: 1,
      preset: 'veryfast',
      profile: 'main',
      tune: 'zerolatency',
    });
  });

  it('offers a "WHIP (OBS 30+)" preset with the WHIP URL only where the provider takes WebRTC', () => {
    const whipUrl = 'http://127.0.0.1:8787/whip';
    expect(ingestPresets(local, whipUrl).map((preset) => [preset.id, preset.label, preset.server])).toEqual([
      ['reel', 'Local ingest', local],
      ['whip', 'WHIP (OBS 30+)', whipUrl],
      ['youtube', 'YouTube', YOUTUBE_INGEST],
      ['facebook', 'Facebook', FACEBOOK_INGEST],
    ]);
    expect(ingestPresets(local, null).map((preset) => preset.id)).not.toContain('whip');
  });

  it("gives OBS a WHIP service with the stream key as its Bearer token, and x264's settings", () => {
    const whipUrl = 'http://127.0.0.1:8787/whip';
    const preset = ingestPresets(local, whipUrl).find((item) => item.id === 'whip');
    if (!preset) throw new Error('no whip preset');
    const files = encoderConfigFiles('obs', { preset, key, settings });
    expect(files.map((file) => file.name)).toEqual(['basic.ini', 'service.json', 'streamEncoder.json']);
    expect(JSON.parse(files[1]?.content ?? '')).toEqual({
      type: 'whip_custom',
      settings: { server: whipUrl, bearer_token: key },
    });
    expect(JSON.parse(files[2]?.content ?? '').tune).toBe('zerolatency');
  });

  it('points the YouTube and Facebook downloads at those platforms without leaking our key', () => {
    const youtube = encoderConfigFiles('youtube', { preset: presetOf(local), key, settings });
    const facebook = encoderConfigFiles('facebook', { preset: presetOf(local), key, settings });
    expect(JSON.parse(youtube[1]?.content ?? '').settings).toEqual({
      service: 'YouTube - RTMPS',
      server: YOUTUBE_INGEST,
      key: '',
    });
    expect(JSON.parse(facebook[1]?.content ?? '').settings.server).toBe(FACEBOOK_INGEST);
    for (const file of [...youtube, ...facebook]) expect(file.content).not.toContain(key);
  });

  it('gives Streamlabs OBS the service and encoder files for the chosen preset', () => {
    const files = encoderConfigFiles('streamlabs', { preset: presetOf(local, 'youtube'), key, settings });
    expect(files.map((file) => file.name)).toEqual(['service.json', 'streamEncoder.json']);
    expect(JSON.parse(files[0]?.content ?? '').settings).toMatchObject({ server: YOUTUBE_INGEST, key: '' });
  });
});
