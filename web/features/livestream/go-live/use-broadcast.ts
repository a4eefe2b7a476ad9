import { useCallback, useEffect, useRef, useState } from 'react';
import { GO_LIVE_MESSAGES } from '../../../../schema/messages/go-live';
import {
  type BroadcastState,
  bitrateKbps,
  type ConnectionQuality,
  connectionQuality,
  publishErrorMessage,
  RESUME_RETRY_MS,
  resumeStep,
  retriable,
  type SendSample,
  sendSample,
} from './broadcast-rules';
import { publishWhip, setMaxBitrate, type WhipPublish } from './whip-publisher';

type BroadcastInput = {
  whipUrl: string;
  streamKey: string;
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
  maxBitrate: number;
  /** Makes sure a session is on (the studio's Prepare: create + start) before media goes out. */
  prepare: () => Promise<void>;
  /** Ends the session as the studio's Stop does. */
  stop: () => Promise<void>;
  /** Ends the session from a closing page (a keepalive request, nothing awaited). */
  stopOnLeave: () => void;
};

export type Broadcast = {
  state: BroadcastState;
  kbps: number | null;
  connection: ConnectionQuality | null;
  error: string | null;
  goLive: () => Promise<void>;
  end: () => Promise<void>;
  /** Ends the WHIP publish only (the session was stopped elsewhere, e.g. Stop Stream). */
  drop: () => void;
};

const STATS_EVERY_MS = 1_000;

/**
 * One broadcast from this device over WHIP: Go live (prepare, publish), End (DELETE the resource,
 * stop the session), the bitrate and connection from getStats each second, a lost connection
 * published again (broadcast-rules `resumeStep`), and leaving the page ends it all (pagehide or
 * unmount: the WHIP DELETE and the session's stop go as keepalive requests).
 */
export function useBroadcast(input: BroadcastInput): Broadcast {
  const [state, setState] = useState<BroadcastState>('idle');
  const [kbps, setKbps] = useState<number | null>(null);
  const [connection, setConnection] = useState<ConnectionQuality | null>(null);
  const [error, setError] = useState<string | null>(null);
  const publishRef = useRef<WhipPublish | null>(null);
  const inputRef = useRef(input);
  inputRef.current = input;

  const publish = useCallback(async () => {
    const { whipUrl, streamKey, video, audio, maxBitrate } = inputRef.current;
    const stream = new MediaStream([video, audio].filter((track): track is MediaStreamTrack => !!track));
    publishRef.current = await publishWhip(whipUrl, streamKey, stream, maxBitrate);
  }, []);

  const goLive = useCallback(async () => {
    if (publishRef.current) return;
    setError(null);
    setState('starting');
    try {
      await inputRef.current.prepare();
      await publish();
      setState('live');
    } catch (failure) {
      setError(publishErrorMessage(failure));
      setState('failed');
    }
  }, [publish]);

  const drop = useCallback(() => {
    const current = publishRef.current;
    publishRef.current = null;
    if (current) void current.end();
    setState('idle');
    setKbps(null);
    setConnection(null);
  }, []);

  const end = useCallback(async () => {
    setState('ending');
    const current = publishRef.current;
    publishRef.current = null;
    // Together: the session's stop tells the status room at once (viewers offline within a second
    // or two), while the DELETE waits for the relay to close the HLS copy with ENDLIST.
    try {
      await Promise.all([current?.end(), inputRef.current.stop()]);
    } finally {
      setState('idle');
      setKbps(null);
      setConnection(null);
    }
  }, []);

  // Stats each second, and the resume loop when the connection is lost.
  useEffect(() => {
    if (state !== 'live' && state !== 'reconnecting') return;
    let previous: SendSample | null = null;
    let lostAt: number | null = null;
    let busy = false;
    const tick = async () => {
      const current = publishRef.current;
      if (!current || busy) return;
      const step = resumeStep(
        current.pc.connectionState,
        lostAt === null ? 0 : Date.now() - lostAt,
        navigator.onLine,
      );
      if (step === 'ok') {
        lostAt = null;
        setState('live');
        const stats = await current.pc.getStats().catch(() => null);
        const sample = stats ? sendSample(stats.values()) : null;
        const rate = sample ? bitrateKbps(previous, sample) : null;
        if (sample) previous = sample;
        if (rate !== null) setKbps(rate);
        setConnection(
          connectionQuality(current.pc.connectionState, rate, inputRef.current.maxBitrate / 1000),
        );
        return;
      }
      lostAt ??= Date.now();
      setState('reconnecting');
      setConnection('lost');
      if (step === 'give-up') {
        drop();
        setError(GO_LIVE_MESSAGES.connectionLost);
        setState('failed');
        return;
      }
      if (step !== 'republish') return;
      busy = true;
      previous = null;
      try {
        await current.end();
        await publish();
      } catch (failure) {
        publishRef.current = current;
        if (!retriable(failure)) {
          drop();
          setError(publishErrorMessage(failure));
          setState('failed');
        }
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void tick(), Math.min(STATS_EVERY_MS, RESUME_RETRY_MS));
    return () => clearInterval(timer);
  }, [state, publish, drop]);

  // A new camera, microphone or screen goes into the running broadcast without renegotiation.
  const { video, audio, maxBitrate } = input;
  useEffect(() => {
    const pc = publishRef.current?.pc;
    if (!pc) return;
    for (const transceiver of pc.getTransceivers()) {
      const next = transceiver.receiver.track.kind === 'video' ? video : audio;
      if (next && transceiver.sender.track !== next) void transceiver.sender.replaceTrack(next);
    }
    void setMaxBitrate(pc, maxBitrate).catch(() => undefined);
  }, [video, audio, maxBitrate]);

  // Leaving the page ends the broadcast: the relay and the session are not left running unattended.
  useEffect(() => {
    const leave = () => {
      const current = publishRef.current;
      if (!current) return;
      publishRef.current = null;
      void current.end({ keepalive: true });
      inputRef.current.stopOnLeave();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  return { state, kbps, connection, error, goLive, end, drop };
}
