/** Plays muted when the browser refuses sound without a gesture: a live stream should just start. */
export async function autoplay(video: HTMLVideoElement): Promise<void> {
  try {
    await video.play();
  } catch (error) {
    if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
    video.muted = true;
    await video.play().catch(() => undefined);
  }
}
