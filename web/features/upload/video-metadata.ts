import { drawPosterSizes, type PosterSize } from './poster-sizes';

/** What the browser can tell about a picked video before it is sent. */
export type VideoMetadata = {
  /** Whole seconds (content §5); 0 when the browser cannot read it. */
  duration: number;
  width: number;
  height: number;
  /** A JPEG frame of the video, or null when none could be drawn. */
  poster: Blob | null;
  /** The same frame at card widths (schema/posters.ts), narrowest first; empty with no poster. */
  posterSizes: PosterSize[];
};

type Poster = Pick<VideoMetadata, 'poster' | 'posterSizes'>;
const NO_POSTER: Poster = { poster: null, posterSizes: [] };
const NO_METADATA: VideoMetadata = { duration: 0, width: 0, height: 0, ...NO_POSTER };
const METADATA_TIMEOUT_MS = 10_000;
/** Posters are drawn no larger than this on their longest side. */
const POSTER_MAX_EDGE = 1280;

const once = (target: HTMLVideoElement, event: string, timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`No ${event} within ${timeoutMs} ms`)), timeoutMs);
    const onEvent = () => finish();
    const onError = () => finish(new Error('The browser cannot read this video'));
    function finish(error?: Error) {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    }
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
  });

/** Draws the video's current frame to a canvas and encodes it as JPEG. */
const drawPoster = (video: HTMLVideoElement): Promise<Blob | null> => {
  const scale = Math.min(1, POSTER_MAX_EDGE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
};

/** A frame a little into the video (past a black first frame), never past its middle. */
const posterTime = (duration: number) => (Number.isFinite(duration) ? Math.min(1, duration / 2) : 0);

const framePoster = async (video: HTMLVideoElement, duration: number): Promise<Poster> => {
  try {
    video.currentTime = posterTime(video.duration);
    await once(video, 'seeked', METADATA_TIMEOUT_MS);
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA)
      await once(video, 'loadeddata', METADATA_TIMEOUT_MS);
    const poster = await drawPoster(video);
    return poster ? { poster, posterSizes: await drawPosterSizes(video, duration) } : NO_POSTER;
  } catch (error) {
    console.warn('No poster frame', error);
    return NO_POSTER;
  }
};

/**
 * Reads duration and frame size from the file's metadata and draws a poster frame (DESIGN.md §6)
 * and its card widths, all in the browser. A file the browser cannot decode still uploads, only without these.
 */
export async function readVideoMetadata(file: File): Promise<VideoMetadata> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadedmetadata', METADATA_TIMEOUT_MS);
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? Math.round(video.duration) : 0;
    const { videoWidth: width, videoHeight: height } = video;
    const poster = width > 0 && height > 0 ? await framePoster(video, duration) : NO_POSTER;
    return { duration, width, height, ...poster };
  } catch (error) {
    console.warn('Video metadata unreadable', error);
    return NO_METADATA;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
