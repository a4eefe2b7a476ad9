import { randomBytes } from 'node:crypto';
import {
  type MediaStreamTrack,
  RTCPeerConnection,
  type RTCRtpCodecParameters,
  type RTCRtpTransceiver,
} from 'werift';
import { answerWithCandidates } from './answer';
import { mediaCodecOf, publishCodecs } from './codecs';
import { type FeedTrack, type HlsFeed, startHlsFeed } from './hls-feed';
import { forwardable } from './rtp';

export type Kind = 'video' | 'audio';
type Listener = (packet: Buffer) => void;

/** A publisher that never connects gives its key back after this long. */
const CONNECT_TIMEOUT_MS = 15_000;
/** A publisher whose connection dropped (tab closed, network gone) ends after this long unless it returns. */
const DISCONNECT_GRACE_MS = 3_000;
/**
 * ffmpeg cannot start decoding before a keyframe, and a browser sends one only when asked (or every
 * few minutes): asked for this often from ffmpeg's start until it encodes a frame (it may still be
 * opening its sockets on a busy machine when the first answer arrives), for 20 s at most.
 */
const FEED_KEYFRAME_EVERY_MS = 1_000;
const FEED_KEYFRAME_FOR_MS = 20_000;
/**
 * A publisher whose media stopped is gone even if its peer connection has not noticed yet (werift
 * does not act on a browser's DTLS close, and ICE consent takes longer): a camera, a canvas or a
 * screen share sends video many times a second, and a browser's muted or disabled track still sends.
 */
const MEDIA_SILENCE_MS = 5_000;
/** At most one keyframe request per this interval, however many viewers join or ask. */
const KEYFRAME_MIN_INTERVAL_MS = 500;

export type Publisher = {
  readonly resourceId: string;
  /** The negotiated media codec of each track the publisher sends. */
  codecOf: (kind: Kind) => RTCRtpCodecParameters | null;
  /** Hears every forwarded packet of `kind`; answers the unsubscribe. */
  listen: (kind: Kind, listener: Listener) => () => void;
  /** Asks the publisher for a keyframe (RTCP PLI), e.g. when a viewer joins. */
  requestKeyframe: () => void;
  /** Ends the broadcast: ffmpeg writes ENDLIST, the peer connection closes, `onClosed` runs once. */
  close: () => Promise<void>;
};

export type PublisherOptions = {
  offer: string;
  ingestUrl: string;
  ffmpeg: string | null;
  log: (line: string) => void;
  onClosed: () => void;
};

/**
 * One WHIP publisher: answers its offer (recvonly), then fans each RTP packet out to its
 * listeners (WHEP viewers, the HLS feed) as is. Answers the SDP answer with the publisher.
 */
export const startPublisher = async (
  options: PublisherOptions,
): Promise<{ publisher: Publisher; answer: string }> => {
  const pc = new RTCPeerConnection({ iceServers: [], codecs: publishCodecs() });
  const listeners: Record<Kind, Set<Listener>> = { video: new Set(), audio: new Set() };
  const transceivers: Partial<Record<Kind, RTCRtpTransceiver>> = {};
  let videoTrack: MediaStreamTrack | null = null;
  let feed: HlsFeed | null = null;
  let closing: Promise<void> | null = null;
  let lastKeyframeRequest = 0;
  let disconnectTimer: NodeJS.Timeout | undefined;
  let feedKeyframes: NodeJS.Timeout | undefined;
  let lastPacketAt = Date.now();

  pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
    const kind = transceiver.kind;
    // A data channel's m-line has no media to relay.
    if (kind !== 'video' && kind !== 'audio') return;
    transceivers[kind] = transceiver;
    transceiver.onTrack.subscribe((track) => {
      if (kind === 'video') videoTrack = track;
      track.onReceiveRtp.subscribe((packet) => {
        lastPacketAt = Date.now();
        const bytes = forwardable(packet);
        if (!bytes) return;
        for (const listener of listeners[kind]) listener(bytes);
      });
    });
  });

  const requestKeyframe = (force = false) => {
    const now = Date.now();
    const receiver = transceivers.video?.receiver;
    if (!receiver || !videoTrack?.ssrc) return;
    if (!force && now - lastKeyframeRequest < KEYFRAME_MIN_INTERVAL_MS) return;
    lastKeyframeRequest = now;
    receiver.sendRtcpPLI(videoTrack.ssrc).catch(() => undefined);
  };

  /** Ends the broadcast once; `why` is logged when it ends by itself rather than by its owner's DELETE. */
  const end = (why?: string): Promise<void> => {
    if (!closing && why) options.log(`publisher ended: ${why}`);
    closing ??= (async () => {
      clearTimeout(disconnectTimer);
      clearTimeout(connectTimer);
      clearInterval(feedKeyframes);
      clearInterval(silenceWatch);
      listeners.video.clear();
      listeners.audio.clear();
      await feed?.stop();
      await pc.close().catch(() => undefined);
      options.onClosed();
    })();
    return closing;
  };
  const close = () => end();

  const startFeed = async () => {
    if (!options.ffmpeg) return;
    const tracks: FeedTrack[] = (['video', 'audio'] as const).flatMap((kind) => {
      const transceiver = transceivers[kind];
      const codec = transceiver ? mediaCodecOf(transceiver) : null;
      return codec ? [{ kind, codec }] : [];
    });
    if (tracks.length === 0) return;
    const started = await startHlsFeed(options.ffmpeg, tracks, options.ingestUrl, options.log);
    if (closing) return started.stop();
    feed = started;
    for (const { kind } of tracks) listeners[kind].add((packet) => started.push(kind, packet));
    if (!tracks.some((track) => track.kind === 'video')) return;
    feedKeyframes = setInterval(() => requestKeyframe(true), FEED_KEYFRAME_EVERY_MS);
    const asking = feedKeyframes;
    const stopAsking = () => clearInterval(asking);
    setTimeout(stopAsking, FEED_KEYFRAME_FOR_MS);
    started.firstFrame.then(stopAsking);
  };

  const silenceWatch = setInterval(() => {
    if (pc.connectionState === 'connected' && Date.now() - lastPacketAt > MEDIA_SILENCE_MS)
      void end(`no media for ${Date.now() - lastPacketAt} ms`);
  }, 1_000);

  const connectTimer = setTimeout(() => {
    if (pc.connectionState !== 'connected') void end('never connected');
  }, CONNECT_TIMEOUT_MS);

  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') {
      clearTimeout(connectTimer);
      clearTimeout(disconnectTimer);
      if (!feed) startFeed().catch((error: unknown) => options.log(`hls feed failed: ${String(error)}`));
    } else if (state === 'disconnected') {
      disconnectTimer = setTimeout(() => void end('disconnected'), DISCONNECT_GRACE_MS);
    } else if (state === 'failed' || state === 'closed') {
      void end(`connection ${state}`);
    }
  });

  let answer: string;
  try {
    answer = await answerWithCandidates(pc, options.offer);
  } catch (error) {
    clearTimeout(connectTimer);
    clearInterval(silenceWatch);
    await pc.close().catch(() => undefined);
    throw error;
  }
  if (!transceivers.video && !transceivers.audio) {
    clearTimeout(connectTimer);
    clearInterval(silenceWatch);
    await pc.close().catch(() => undefined);
    throw new Error('the offer sends no audio or video');
  }

  const publisher: Publisher = {
    resourceId: randomBytes(16).toString('hex'),
    codecOf: (kind) => {
      const transceiver = transceivers[kind];
      return transceiver ? mediaCodecOf(transceiver) : null;
    },
    listen: (kind, listener) => {
      listeners[kind].add(listener);
      return () => listeners[kind].delete(listener);
    },
    requestKeyframe: () => requestKeyframe(),
    close,
  };
  return { publisher, answer };
};
