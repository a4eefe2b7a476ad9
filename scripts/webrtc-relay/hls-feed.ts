import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RTCRtpCodecParameters } from 'werift';
import { RECOMMENDED_STREAMING_SETTINGS, STILL_FILTER } from '../../schema/live';
import { withPayloadType } from './rtp';

/**
 * A WebRTC broadcast's HLS copy (issue 25 §1): ffmpeg reads the publisher's RTP from loopback UDP
 * (described by an SDP file) and pushes HLS to our own ingest exactly as the studio's command and
 * the demo stream do (x264 veryfast zerolatency, a keyframe opening every segment, AAC, the studio's
 * segment length, the still frame every second). So HLS viewers, home's live cards, replays and the LIVE rules see an
 * ordinary local broadcast and nothing in worker/live changes. The one transcode is here: the
 * WebRTC path forwards the publisher's packets untouched.
 */

/** ffmpeg's SDP names fixed payload types; forwarded packets are rewritten to them. */
const VIDEO_PT = 96;
const AUDIO_PT = 111;
/** The studio's segment length and keyframe interval (1 s, issue 13.8), as the demo stream uses. */
const SEGMENT_SECONDS = RECOMMENDED_STREAMING_SETTINGS.keyframeInterval;

const OUTPUT_FPS = 30;

export type FeedTrack = { kind: 'video' | 'audio'; codec: RTCRtpCodecParameters };

/** A loopback UDP port with the next one (ffmpeg's RTCP) also free, for ffmpeg to bind. */
const freeUdpPortPair = async (): Promise<number> => {
  for (;;) {
    const probe = createSocket('udp4');
    const port = await new Promise<number>((resolve) =>
      probe.bind(0, '127.0.0.1', () => resolve(probe.address().port)),
    );
    const next = createSocket('udp4');
    const nextFree = await new Promise<boolean>((resolve) => {
      next.once('error', () => resolve(false));
      next.bind(port + 1, '127.0.0.1', () => resolve(true));
    });
    probe.close();
    if (nextFree) next.close();
    if (nextFree && port % 2 === 0) return port;
  }
};

const rtpmap = (codec: RTCRtpCodecParameters, payloadType: number): string[] => {
  const name = codec.mimeType.split('/')[1] ?? '';
  const channels = codec.channels ? `/${codec.channels}` : '';
  return [
    `a=rtpmap:${payloadType} ${name}/${codec.clockRate}${channels}`,
    ...(codec.parameters ? [`a=fmtp:${payloadType} ${codec.parameters}`] : []),
  ];
};

const sdpFor = (tracks: (FeedTrack & { port: number })[]): string =>
  [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=reel-webrtc',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    ...tracks.flatMap((track) => {
      const payloadType = track.kind === 'video' ? VIDEO_PT : AUDIO_PT;
      return [`m=${track.kind} ${track.port} RTP/AVP ${payloadType}`, ...rtpmap(track.codec, payloadType)];
    }),
    '',
  ].join('\n');

const ffmpegArgs = (sdpFile: string, ingestUrl: string, hasVideo: boolean, hasAudio: boolean): string[] => [
  ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-progress', 'pipe:1', '-stats_period', '0.5'],
  ...['-protocol_whitelist', 'file,udp,rtp', '-i', sdpFile],
  ...(hasVideo
    ? [
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
        // A browser under load scales its camera by 3/4 steps (854x480 -> 639x360), and x264 refuses
        // an odd width: round each side down to even.
        ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
        // RTP has no frame rate: ffmpeg would guess 90k fps from the clock rate and duplicate
        // frames without end. 30 fps out, whatever the sender's pace.
        ...['-r', String(OUTPUT_FPS)],
        ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-threads', '1'],
      ]
    : []),
  ...(hasAudio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
  ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-method', 'PUT', `${ingestUrl}/index.m3u8`],
  ...(hasVideo
    ? ['-map', '0:v', '-vf', STILL_FILTER, '-update', '1', '-f', 'image2', `${ingestUrl}/poster.jpg`]
    : []),
];

export type HlsFeed = {
  /** Resolves once ffmpeg has encoded its first video frame (it needs a keyframe to start decoding). */
  firstFrame: Promise<void>;
  /** Hands one forwarded RTP packet of `kind` to ffmpeg. */
  push: (kind: 'video' | 'audio', packet: Buffer) => void;
  /** Stops ffmpeg as Ctrl-C would (it writes #EXT-X-ENDLIST: offline at once), SIGKILL after 3 s. */
  stop: () => Promise<void>;
};

/** Starts ffmpeg for a publisher's tracks; its error lines go to `log`. */
export const startHlsFeed = async (
  ffmpeg: string,
  tracks: FeedTrack[],
  ingestUrl: string,
  log: (line: string) => void,
): Promise<HlsFeed> => {
  const withPorts = await Promise.all(
    tracks.map(async (track) => ({ ...track, port: await freeUdpPortPair() })),
  );
  const folder = mkdtempSync(path.join(tmpdir(), 'reel-webrtc-'));
  const sdpFile = path.join(folder, 'input.sdp');
  writeFileSync(sdpFile, sdpFor(withPorts));
  const hasVideo = tracks.some((track) => track.kind === 'video');
  const hasAudio = tracks.some((track) => track.kind === 'audio');
  const child: ChildProcess = spawn(ffmpeg, ffmpegArgs(sdpFile, ingestUrl, hasVideo, hasAudio), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const firstFrame = new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (/^frame=[1-9]/m.test(chunk.toString())) resolve();
    });
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`ffmpeg: ${line.trim()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => rmSync(folder, { recursive: true, force: true }));
  const socket: Socket = createSocket('udp4');
  const portOf = (kind: 'video' | 'audio') => withPorts.find((track) => track.kind === kind)?.port;

  return {
    firstFrame,
    push: (kind, packet) => {
      const port = portOf(kind);
      if (port === undefined || child.exitCode !== null) return;
      socket.send(withPayloadType(packet, kind === 'video' ? VIDEO_PT : AUDIO_PT), port, '127.0.0.1');
    },
    stop: async () => {
      socket.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await exited;
    },
  };
};
