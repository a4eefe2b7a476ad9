import { expect, type Page } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import { StreamKeySchema } from '../../schema/live-session';
import { GO_LIVE_MESSAGES } from '../../schema/messages/go-live';
import { test } from './fixtures';
import { goLive } from './pages/go-live';
import { studio } from './pages/live';

/** The creator's stream key, made over the API with the page's own session. */
async function createKey(page: Page, userId: string) {
  const response = await page.request.post('/api/stream-keys', { data: { name: 'Phone stream', userId } });
  expect(response.status()).toBe(201);
  return dataEnvelope(StreamKeySchema).parse(await response.json()).data;
}

/** Until the relay answers whipUrl itself, the owner's key answer gets the contract's `<origin>/whip`. */
async function withWhipUrl(page: Page, baseURL: string) {
  await page.route('**/api/stream-keys/user/*', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    if (json?.data && json.data.whipUrl === undefined) json.data.whipUrl = `${baseURL}/whip`;
    await route.fulfill({ response, json });
  });
}

test('the device panel previews the camera, lists the devices, mutes and turns the camera off', async ({
  page,
  baseURL,
  signedInUser,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const creator = await signedInUser('golive');
  await createKey(page, creator.userId);
  await withWhipUrl(page, baseURL);
  const panel = goLive(page);
  await studio(page).open();

  // Nothing asks for the camera until the creator opens the panel.
  await expect(panel.section.getByRole('heading', { name: GO_LIVE_MESSAGES.title })).toBeVisible();
  await expect(panel.preview).toHaveCount(0);
  await panel.open.click();

  // The fake camera's moving picture plays in the preview.
  await expect.poll(() => panel.previewFrames(), { timeout: 15_000 }).toBeGreaterThan(10);
  const frames = await panel.previewFrames();
  await expect.poll(() => panel.previewFrames()).toBeGreaterThan(frames + 10);

  // The pickers list the devices by name (labels are there once access is granted).
  await expect(panel.camera.locator('option')).not.toHaveCount(0);
  await expect(panel.camera.locator('option').first()).toHaveText(/fake/i);
  await expect(panel.microphone.locator('option').first()).toHaveText(/fake/i);
  await expect(panel.quality.locator('option')).toHaveText(['720p', '480p']);
  await expect.poll(() => panel.preview.evaluate((video: HTMLVideoElement) => video.videoHeight)).toBe(720);
  await panel.quality.selectOption('480p');
  await expect.poll(() => panel.preview.evaluate((video: HTMLVideoElement) => video.videoHeight)).toBe(480);

  // Mute and camera off flip and say so; camera off stops the picture's track from sending.
  await panel.mute.click();
  await expect(panel.mute).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.mute).toHaveText(GO_LIVE_MESSAGES.unmute);
  await panel.cameraOff.click();
  await expect(panel.cameraOff).toHaveText(GO_LIVE_MESSAGES.cameraOn);
  await expect.poll(() => panel.previewEnabled()).toBe(false);
  await panel.cameraOff.click();
  await expect.poll(() => panel.previewEnabled()).toBe(true);

  // Not on air yet: Go live is offered with a title, since no session is prepared.
  await expect(panel.state).toHaveAttribute('data-state', 'idle');
  await expect(panel.title).toBeVisible();
  await expect(panel.start).toBeEnabled();
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the panel fits a phone: preview, front/back switch, touch-sized controls', async ({
    page,
    baseURL,
    signedInUser,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const creator = await signedInUser('golivephone');
    await createKey(page, creator.userId);
    await withWhipUrl(page, baseURL);
    const panel = goLive(page);
    await studio(page).open();
    await panel.open.tap();
    await expect.poll(() => panel.previewFrames(), { timeout: 15_000 }).toBeGreaterThan(10);

    // A phone switches between its front and back camera (facingMode).
    await expect(panel.switchCamera).toBeVisible();
    await panel.switchCamera.tap();
    await expect.poll(() => panel.previewFrames(), { timeout: 15_000 }).toBeGreaterThan(10);
    for (const control of [panel.start, panel.mute, panel.cameraOff, panel.switchCamera, panel.quality]) {
      const box = await control.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });
});
