import type Hls from 'hls.js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { nextTask } from '../../lib/next-task';
import { autoplay } from './autoplay';
import { LIVE_HLS_CONFIG, loadHls } from './load-hls';
import { atLiveEdge } from './player-rules';
import { classifyHlsError, type PlayerState, type QualityOption, qualityOptions } from './player-state';

/** How soon an offline player asks for the playlist again (the status room may say so sooner). */
export const OFFLINE_RETRY_MS = 3000;
const HLS_MIME = 'application/vnd.apple.mpegurl';

type HlsPlayer = {
  state: PlayerState;
  /**
   * The playlist is live (no `#EXT-X-ENDLIST`: hls.js's LevelDetails.live; natively, an endless
   * duration); false for a finished one (a replay); null until it has loaded.
   */
  playlistLive: boolean | null;
  qualities: QualityOption[];
  /** The chosen hls.js level; -1 is auto. */
  level: number;
  setLevel: (level: number) => void;
  /** Jumps to the live edge: hls.js's sync point, or the end of what the browser can seek to. */
  goLive: () => void;
  /** Whether playback is at the live edge now (player-rules `atLiveEdge`); undefined without hls.js. */
  isAtEdge: () => boolean | undefined;
};

/**
 * Plays the HLS stream at `src` in `videoRef`'s video: hls.js (loaded on demand) where Media Source
 * Extensions exist, the browser's own HLS elsewhere (Safari). `live` is the status room's word:
 * false shows 'Stream is offline' without asking the server; true or unknown (null) loads, and a
 * playlist that is not there yet is retried every few seconds, so the player starts by itself
 * when the broadcast begins. While `enabled` is false (the stream plays over WHEP, or the player
 * is still learning whether it can) it does nothing: hls.js is not even loaded.
 */
export function useHlsPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string | null,
  live: boolean | null,
  enabled = true,
): HlsPlayer {
  const [state, setState] = useState<PlayerState>('loading');
  const [playlistLive, setPlaylistLive] = useState<boolean | null>(null);
  const [qualities, setQualities] = useState<QualityOption[]>(() => qualityOptions([]));
  const [level, setLevelState] = useState(-1);
  const [attempt, setAttempt] = useState(0);
  const hlsRef = useRef<Hls | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the offline loop's retry trigger
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;
    if (!src) return setState('unavailable');
    if (live === false) return setState('offline');

    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const goOffline = () => {
      setState('offline');
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => setAttempt((n) => n + 1), OFFLINE_RETRY_MS);
    };
    const onPlaying = () => setState('ready');
    video.addEventListener('playing', onPlaying);
    // The browser's own HLS (Safari) plays a live playlist with an endless duration.
    const onMetadata = () => {
      if (!hlsRef.current) setPlaylistLive(video.duration === Number.POSITIVE_INFINITY);
    };
    video.addEventListener('loadedmetadata', onMetadata);
    // A playlist that was closed (#EXT-X-ENDLIST) plays to its end: the broadcast is over for now.
    video.addEventListener('ended', goOffline);
    setState('loading');
    setPlaylistLive(null);
    setQualities(qualityOptions([]));
    setLevelState(-1);

    const start = async () => {
      let HlsClass: typeof Hls;
      try {
        HlsClass = await loadHls();
      } catch {
        if (!cancelled) setState('init-failed');
        return;
      }
      // hls.js's evaluation, its set-up, the media element's and the playlist's are each their own
      // task: together they were one of 110-190 ms on a phone's CPU, the live page's longest.
      await nextTask();
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        if (!video.canPlayType(HLS_MIME)) return setState('unavailable');
        video.addEventListener('error', goOffline, { once: true });
        video.src = src;
        void autoplay(video);
        return;
      }
      let hls: Hls;
      try {
        hls = new HlsClass(LIVE_HLS_CONFIG);
      } catch {
        return setState('init-failed');
      }
      hlsRef.current = hls;
      let mediaRecovered = false;
      hls.on(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
        const options = qualityOptions(data.levels);
        // hls.js parses the playlist and starts the first segment's request in this same task;
        // play() and the menu's state add a third to it (a task of 73-105 ms on a phone's CPU).
        void nextTask().then(() => {
          if (cancelled) return;
          setQualities(options);
          void autoplay(video);
        });
      });
      hls.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => setPlaylistLive(data.details.live));
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        const action = classifyHlsError({
          type: data.type,
          fatal: data.fatal,
          responseCode: data.response?.code,
        });
        if (action === 'recover-media' && !mediaRecovered) {
          mediaRecovered = true;
          hls.recoverMediaError();
          return;
        }
        hls.destroy();
        hlsRef.current = null;
        if (action === 'offline') goOffline();
        else setState(action === 'recover-media' ? 'error' : action);
      });
      await nextTask();
      if (cancelled) return;
      hls.attachMedia(video);
      await nextTask();
      if (cancelled) return;
      hls.loadSource(src);
    };
    // The spec's 100 ms start delay: lets the page settle before the player claims the network.
    const startTimer = setTimeout(() => void start(), LIMITS.playerStartDelayMs);

    return () => {
      cancelled = true;
      clearTimeout(startTimer);
      clearTimeout(retryTimer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('ended', goOffline);
      video.removeEventListener('error', goOffline);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [videoRef, src, live, attempt, enabled]);

  const setLevel = useCallback((next: number) => {
    setLevelState(next);
    if (hlsRef.current) hlsRef.current.currentLevel = next;
  }, []);

  const goLive = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const edge =
      hlsRef.current?.liveSyncPosition ??
      (video.seekable.length > 0 ? video.seekable.end(video.seekable.length - 1) : null);
    if (edge !== null) video.currentTime = edge;
    if (video.paused) void video.play().catch(() => undefined);
  }, [videoRef]);

  const isAtEdge = useCallback(() => {
    const hls = hlsRef.current;
    const video = videoRef.current;
    const sync = hls?.liveSyncPosition;
    const targetDuration = hls?.latestLevelDetails?.targetduration;
    if (!video || sync === null || sync === undefined || !targetDuration) return undefined;
    return atLiveEdge(video.currentTime, sync, targetDuration);
  }, [videoRef]);

  return { state, playlistLive, qualities, level, setLevel, goLive, isAtEdge };
}
