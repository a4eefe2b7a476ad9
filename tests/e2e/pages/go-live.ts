import type { Page } from '@playwright/test';

/** "Go live from this device" in the studio (web/features/livestream/go-live/). */
export const goLive = (page: Page) => ({
  section: page.getByTestId('go-live-section'),
  open: page.getByTestId('go-live-open'),
  preview: page.getByTestId('go-live-preview'),
  camera: page.getByTestId('go-live-camera'),
  microphone: page.getByTestId('go-live-microphone'),
  quality: page.getByTestId('go-live-quality'),
  mute: page.getByTestId('go-live-mute'),
  cameraOff: page.getByTestId('go-live-camera-off'),
  switchCamera: page.getByTestId('go-live-switch'),
  title: page.getByTestId('go-live-title'),
  start: page.getByTestId('go-live-start'),
  end: page.getByTestId('go-live-end'),
  state: page.getByTestId('go-live-state'),
  bitrate: page.getByTestId('go-live-bitrate'),
  connection: page.getByTestId('go-live-connection'),
  error: page.getByTestId('go-live-error'),

  /** The preview's decoded frames so far (the fake camera draws a moving picture). */
  previewFrames(): Promise<number> {
    return this.preview.evaluate(
      (video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames,
    );
  },

  /** Whether the preview's track is sending picture (camera off disables it). */
  previewEnabled(): Promise<boolean> {
    return this.preview.evaluate((video: HTMLVideoElement) => {
      const stream = video.srcObject;
      return stream instanceof MediaStream && stream.getVideoTracks().some((track) => track.enabled);
    });
  },
});
