import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { PublicStreamKey } from '../../../schema/live-session';
import { MESSAGES } from '../../../schema/messages';
import { LIVE_HLS_CONFIG, loadHls } from '../player/load-hls';
import { resolvePlaybackUrl } from './api';
import './live-preview.css';

type PreviewState = { state: 'loading' | 'ready' | 'error'; error?: string };

/** How long the preview plays before it pauses on its frame, and how soon a missing playlist is retried. */
const PLAY_MOMENT_MS = 600;
const RETRY_MS = 2000;

/**
 * A home card's preview (live §2): a muted video of the stream that plays a moment, then holds its
 * frame and stops loading. It gives up after 10 s ('Video loading timeout'); a stream without a
 * playback URL says 'No playback URL available', a failed lookup 'Failed to get playback URL'.
 */
export function LivePreview({ streamKey }: { streamKey: PublicStreamKey }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [preview, setPreview] = useState<PreviewState>({ state: 'loading' });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let done = false;
    let hls: Hls | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopHls = () => {
      hls?.destroy();
      hls = null;
    };
    const fail = (error: string) => {
      if (done) return;
      done = true;
      stopHls();
      setPreview({ state: 'error', error });
    };
    const giveUp = setTimeout(() => fail(MESSAGES.video.loadingTimeout), LIMITS.cardGiveUpMs);
    const onPlaying = () => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      setPreview({ state: 'ready' });
      timer = setTimeout(() => {
        video.pause();
        hls?.stopLoad();
      }, PLAY_MOMENT_MS);
    };
    video.addEventListener('playing', onPlaying);

    const attach = (HlsClass: typeof Hls, url: string) => {
      if (done) return;
      hls = new HlsClass({ ...LIVE_HLS_CONFIG, lowLatencyMode: false, maxBufferLength: 4, startLevel: 0 });
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // Not on air yet (or a hiccup): try again until the card's 10 s are up.
        stopHls();
        timer = setTimeout(() => attach(HlsClass, url), RETRY_MS);
      });
      hls.on(HlsClass.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
      hls.loadSource(url);
      hls.attachMedia(video);
    };

    void (async () => {
      let url: string | null;
      try {
        url = await resolvePlaybackUrl(streamKey);
      } catch {
        return fail(MESSAGES.player.playbackUrlFailed);
      }
      if (!url) return fail(MESSAGES.player.noPlaybackUrl);
      let HlsClass: typeof Hls;
      try {
        HlsClass = await loadHls();
      } catch {
        return fail(MESSAGES.player.initFailed);
      }
      if (HlsClass.isSupported()) return attach(HlsClass, url);
      if (!video.canPlayType('application/vnd.apple.mpegurl'))
        return fail(MESSAGES.player.playbackUnavailable);
      video.src = url;
      void video.play().catch(() => undefined);
    })();

    return () => {
      done = true;
      clearTimeout(giveUp);
      clearTimeout(timer);
      video.removeEventListener('playing', onPlaying);
      stopHls();
    };
  }, [streamKey]);

  return (
    <div className="live-preview" data-testid="live-card-preview" data-state={preview.state}>
      <video ref={videoRef} className="live-preview-video" muted playsInline aria-label="Stream preview" />
      {preview.error && (
        <p className="live-preview-error" data-testid="live-card-error">
          {preview.error}
        </p>
      )}
    </div>
  );
}
