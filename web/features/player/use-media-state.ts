import { type RefObject, useEffect, useState } from 'react';
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
});

/** The video's state for the controls; follows its events, so no polling while it is idle. */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(() => read(videoRef.current));
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setState(read(video));
    update();
    for (const name of MEDIA_EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of MEDIA_EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef]);
  return state;
}
