import { type RefObject, startTransition, useEffect, useState } from 'react';
import { bufferedEnd } from './player-rules';

/** What the control bar shows of the video element, read again on each of its media events. */
export type MediaState = {
  paused: boolean;
  currentTime: number;
  /** Seconds; 0 while unknown, Infinity for a live stream without an end. */
  duration: number;
  /** Where the loaded part around the playhead ends. */
  buffered: number;
  /** The live window's end (the newest second the stream has); 0 when nothing is seekable. */
  seekableEnd: number;
  volume: number;
  muted: boolean;
  rate: number;
  pictureInPicture: boolean;
  /** The lines the showing caption track has now; the bar draws them (player-captions.tsx). */
  captions: string[];
};

const MEDIA_EVENTS = [
  'play',
  'pause',
  'playing',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'progress',
  'seeking',
  'seeked',
  'volumechange',
  'ratechange',
  'emptied',
  'enterpictureinpicture',
  'leavepictureinpicture',
] as const;

/** The text of the showing caption track's active cues, without WebVTT tags, one entry per line. */
const activeCaptions = (video: HTMLVideoElement): string[] => {
  const track = Array.from(video.textTracks).find((candidate) => candidate.mode === 'showing');
  if (!track?.activeCues) return [];
  return Array.from(track.activeCues).flatMap((cue) =>
    cue instanceof VTTCue ? cue.text.replace(/<[^>]*>/g, '').split('\n') : [],
  );
};

const read = (video: HTMLVideoElement | null): MediaState => ({
  paused: video?.paused ?? true,
  currentTime: video?.currentTime ?? 0,
  duration: video && !Number.isNaN(video.duration) ? video.duration : 0,
  buffered: video ? bufferedEnd(video.buffered, video.currentTime) : 0,
  seekableEnd: video && video.seekable.length > 0 ? video.seekable.end(video.seekable.length - 1) : 0,
  volume: video?.volume ?? 1,
  muted: video?.muted ?? false,
  rate: video?.playbackRate ?? 1,
  pictureInPicture: !!video && document.pictureInPictureElement === video,
  captions: video ? activeCaptions(video) : [],
});

/** How often a live stream's state is read again when no media event says it changed. */
const LIVE_READ_MS = 1000;

/**
 * The video's state for the controls; follows its events, so no polling while it is idle, except a
 * live stream's, read each second (its window moves on while paused).
 */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(() => read(videoRef.current));
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // A transition: React gives updates made in a `play`, `pause` or `volumechange` listener the
    // priority of a click and renders them at once, in the event's task, with every effect still
    // waiting from the page's last render (on the watch page, its first: all its reads' fetches).
    // That made one task of 120-240 ms on a phone's CPU when the sound preference set `muted` on a
    // page just drawn; the bar follows a frame later instead.
    const update = () => startTransition(() => setState(read(video)));
    update();
    for (const name of MEDIA_EVENTS) video.addEventListener(name, update);
    // Captions: a track shown or hidden (change), added (addtrack), and each track's cue changes.
    const tracks = video.textTracks;
    const watchCues = () => {
      for (const track of Array.from(tracks)) track.addEventListener('cuechange', update);
      update();
    };
    watchCues();
    tracks.addEventListener('change', update);
    tracks.addEventListener('addtrack', watchCues);
    // A live window moves on with no media event while paused: read it each second, so a paused
    // stream's bar turns from LIVE to Go live as it falls behind.
    const liveTimer = setInterval(() => {
      if (video.duration === Number.POSITIVE_INFINITY) update();
    }, LIVE_READ_MS);
    return () => {
      clearInterval(liveTimer);
      for (const name of MEDIA_EVENTS) video.removeEventListener(name, update);
      for (const track of Array.from(tracks)) track.removeEventListener('cuechange', update);
      tracks.removeEventListener('change', update);
      tracks.removeEventListener('addtrack', watchCues);
    };
  }, [videoRef]);
  return state;
}
