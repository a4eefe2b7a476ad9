import { type RefObject, useEffect, useRef, useState } from 'react';
import { autoplay } from '../autoplay';
import { WHEP_FIRST_FRAME_TIMEOUT_MS, type WhepFailure } from './whep-rules';

/** HAVE_CURRENT_DATA: a frame has been decoded. */
const HAVE_CURRENT_DATA = 2;

/**
 * Plays `url` over WHEP in `videoRef`'s video while `url` is set: the session module loads on
 * demand, the received stream becomes the video's `srcObject`. `onFail` is told (once per url) when
 * the server refuses, the connection fails or no frame shows within a few seconds: the player then
 * falls back to HLS. Ready once the video plays.
 */
export function useWhepPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  url: string | null,
  onFail: (reason: WhepFailure) => void,
): { ready: boolean } {
  const [ready, setReady] = useState(false);
  const failRef = useRef(onFail);
  failRef.current = onFail;

  useEffect(() => {
    const video = videoRef.current;
    setReady(false);
    if (!video || !url) return;
    const controller = new AbortController();
    let close: (() => void) | null = null;
    let failed = false;
    const fail = (reason: WhepFailure) => {
      if (failed || controller.signal.aborted) return;
      failed = true;
      failRef.current(reason);
    };
    const onPlaying = () => setReady(true);
    video.addEventListener('playing', onPlaying);
    const frameTimer = setTimeout(() => {
      if (video.readyState < HAVE_CURRENT_DATA) fail('no-frames');
    }, WHEP_FIRST_FRAME_TIMEOUT_MS);

    void import('./whep-session')
      .then(({ openWhepSession }) => openWhepSession(url, fail, controller.signal))
      .then((session) => {
        if (controller.signal.aborted) return session.close();
        close = session.close;
        video.srcObject = session.stream;
        void autoplay(video);
      })
      .catch(() => fail('refused'));

    return () => {
      controller.abort();
      clearTimeout(frameTimer);
      video.removeEventListener('playing', onPlaying);
      close?.();
      if (video.srcObject) {
        video.srcObject = null;
        video.load();
      }
    };
  }, [videoRef, url]);

  return { ready };
}
