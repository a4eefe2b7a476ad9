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
/** ffmpeg cannot start decoding before a keyframe: asked for at these delays after it starts. */
const FEED_KEYFRAME_DELAYS_MS = [300, 1_000, 2_500];
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

  pc.onRemoteTransceiverAdded.subscribe((transceiver) => {
    const kind = transceiver.kind;
    // A data channel's m-line has no media to relay.
    if (kind !== 'video' && kind !== 'audio') return;
    transceivers[kind] = transceiver;
    transceiver.onTrack.subscribe((track) => {
      if (kind === 'video') videoTrack = track;
      track.onReceiveRtp.subscribe((packet) => {
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

  const close = (): Promise<void> => {
    closing ??= (async () => {
      clearTimeout(disconnectTimer);
      clearTimeout(connectTimer);
      listeners.video.clear();
      listeners.audio.clear();
      await feed?.stop();
      await pc.close().catch(() => undefined);
      options.onClosed();
    })();
    return closing;
  };

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
    for (const delay of FEED_KEYFRAME_DELAYS_MS) setTimeout(() => requestKeyframe(true), delay);
  };

  const connectTimer = setTimeout(() => {
    if (pc.connectionState !== 'connected') void close();
  }, CONNECT_TIMEOUT_MS);

  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') {
      clearTimeout(connectTimer);
      clearTimeout(disconnectTimer);
      if (!feed) startFeed().catch((error: unknown) => options.log(`hls feed failed: ${String(error)}`));
    } else if (state === 'disconnected') {
      disconnectTimer = setTimeout(() => void close(), DISCONNECT_GRACE_MS);
    } else if (state === 'failed' || state === 'closed') {
      void close();
    }
  });

  let answer: string;
  try {
    answer = await answerWithCandidates(pc, options.offer);
  } catch (error) {
    clearTimeout(connectTimer);
    await pc.close().catch(() => undefined);
    throw error;
  }
  if (!transceivers.video && !transceivers.audio) {
    clearTimeout(connectTimer);
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
