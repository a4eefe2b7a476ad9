import { type BrowserContext, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { MESSAGES } from '../../schema/messages';
import { GO_LIVE_MESSAGES } from '../../schema/messages/go-live';
import { type SignedInUser, test } from './fixtures';
import { createStreamKey } from './live-api';
import { goLive } from './pages/go-live';
import { livePage, studio } from './pages/live';

// The relay's HLS copy (ffmpeg) needs a few segments before the status room says LIVE on 2 busy cores.
const ON_AIR_MS = 60_000;
/** hls.js's chunk (full or light build), its worker, or an HLS playlist or segment (not the still frame). */
const HLS_REQUEST = /\/assets\/(?!load-hls)[^/]*hls[^/]*\.js$|\/hls\/.+\.(m3u8|ts|m4s|mp4)(\?|$)/;
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
};

/** The creator's stream key, made over the API with the page's own session. */
const createKey = (page: Page, userId: string) => createStreamKey(page.request, userId, 'Phone stream');

test('the device panel previews the camera, lists the devices, mutes and turns the camera off', async ({
  page,
  signedInUser,
}) => {
  const creator = await signedInUser('golive');
  await createKey(page, creator.userId);
  const panel = goLive(page);
  await studio(page).open();

  // Nothing asks for the camera until the creator opens the panel.
  await expect(panel.section.getByRole('heading', { name: GO_LIVE_MESSAGES.title })).toBeVisible();
  await expect(panel.preview).toHaveCount(0);
  await panel.open.click();

  // The fake camera's moving picture plays in the preview.
  await expect.poll(() => panel.previewFrames(), { timeout: 30_000 }).toBeGreaterThan(10);
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
    signedInUser,
  }) => {
    const creator = await signedInUser('golivephone');
    await createKey(page, creator.userId);
    const panel = goLive(page);
    await studio(page).open();
    await panel.open.tap();
    await expect.poll(() => panel.previewFrames(), { timeout: 30_000 }).toBeGreaterThan(10);

    // A phone switches between its front and back camera (facingMode).
    await expect(panel.switchCamera).toBeVisible();
    await panel.switchCamera.tap();
    await expect.poll(() => panel.previewFrames(), { timeout: 30_000 }).toBeGreaterThan(10);
    for (const control of [panel.start, panel.mute, panel.cameraOff, panel.switchCamera, panel.quality]) {
      const box = await control.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
  });
});

/** Frames the live player has decoded so far. */
const playerFrames = (page: Page) =>
  page
    .getByTestId('live-player')
    .evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);

/**
 * A creator goes live from /livestream with the fake camera; one viewer plays it over WHEP (frames
 * advance, 'Real-time', no hls.js), another whose WHEP is refused falls back to HLS by itself; chat
 * goes both ways; End takes both players offline and leaves a replay.
 */
async function goLiveScenario(
  contexts: { creator: BrowserContext; viewer: BrowserContext; hlsViewer: BrowserContext },
  users: { creator: SignedInUser },
) {
  const creatorPage = await contexts.creator.newPage();
  await createKey(creatorPage, users.creator.userId);
  const creatorStudio = studio(creatorPage);
  const panel = goLive(creatorPage);
  await creatorStudio.open();
  await panel.open.click();
  await expect.poll(() => panel.previewFrames(), { timeout: 30_000 }).toBeGreaterThan(10);
  await panel.title.fill('Live from my phone');
  // 480p: what a phone on a mobile uplink picks, and lighter on this machine's two cores.
  await panel.quality.selectOption('480p');
  await panel.start.click();

  // Go live prepared the session and published: the meter counts what leaves the device.
  await expect(panel.state).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await expect(panel.bitrate).toHaveText(/^[1-9]\d* kbps$/, { timeout: 30_000 });
  await expect(panel.connection).toHaveAttribute('data-quality', /good|weak/);
  // A viewer plays it over WHEP as soon as it is published (before the HLS copy is up): the
  // picture moves, 'Real-time' shows, hls.js never loads.
  const viewerPage = await contexts.viewer.newPage();
  const requests: string[] = [];
  viewerPage.on('request', (request) => requests.push(request.url()));
  const viewer = livePage(viewerPage);
  await viewer.open(users.creator.username);
  await expect(viewer.title).toContainText('Live from my phone');
  await expect(viewer.player).toHaveAttribute('data-path', 'whep', { timeout: 30_000 });
  await expect(viewer.player).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(viewerPage.getByTestId('live-player-realtime')).toHaveText(GO_LIVE_MESSAGES.realtime);

  // The relay's HLS copy takes the studio and the page LIVE; the studio does not play its own
  // stream back to the device that sends it.
  await expect(creatorStudio.status).toHaveText('LIVE', { timeout: ON_AIR_MS });
  await expect(creatorStudio.empty).toHaveAttribute('data-stage', 'device');
  await expect(creatorPage.getByTestId('live-player')).toHaveCount(0);
  await expect(viewer.badge).toBeVisible({ timeout: 30_000 });
  await expect(viewer.player).toHaveAttribute('data-path', 'whep');
  const frames = await playerFrames(viewerPage);
  await expect.poll(() => playerFrames(viewerPage), { timeout: 10_000 }).toBeGreaterThan(frames + 15);

  // Another viewer's WHEP is refused: the player falls back to HLS by itself, no 'Real-time'.
  const hlsPage = await contexts.hlsViewer.newPage();
  await hlsPage.route('**/whep/**', (route) => route.fulfill({ status: 503, body: 'down' }));
  const hlsViewer = livePage(hlsPage);
  await hlsViewer.open(users.creator.username);
  await expect(hlsViewer.player).toHaveAttribute('data-path', 'hls', { timeout: 30_000 });
  await expect(hlsViewer.player).toHaveAttribute('data-state', 'ready', { timeout: ON_AIR_MS });
  await expect(hlsPage.getByTestId('live-player-realtime')).toHaveCount(0);

  // Chat both ways: the viewer writes on the live page, the creator in the studio's chat.
  await expect(viewer.chat).toHaveAttribute('data-state', 'open');
  const viewerInput = viewerPage.getByTestId('chat-input');
  await viewerInput.fill('Crisp picture!');
  // Sending opens once the viewer's chat token has arrived.
  await expect(viewerPage.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  await viewerInput.press('Enter');
  const studioChat = creatorPage.getByTestId('studio-dashboard').getByTestId('chat-panel');
  await expect(studioChat.getByTestId('chat-message').last()).toContainText('Crisp picture!');
  const creatorInput = studioChat.getByTestId('chat-input');
  await creatorInput.fill('Thanks for watching');
  await expect(studioChat.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
  await creatorInput.press('Enter');
  await expect(viewerPage.getByTestId('chat-message').last()).toContainText('Thanks for watching');

  expect(requests.filter((url) => HLS_REQUEST.test(url))).toEqual([]);

  // End: both paths offline, the studio back to no stream, and a replay left. Offline comes within
  // 3 s on a quiet machine; under a full suite's load it took longer now and then (on a machine that
  // ran the suite at half the usual speed, once in two runs), so the wait is the expectation's
  // default: a latency figure belongs to a benchmark, not to a pass or fail under unknown load.
  await panel.end.click();
  await expect(viewer.message).toHaveText(MESSAGES.player.offline);
  await expect(hlsViewer.message).toHaveText(MESSAGES.player.offline);
  await expect(creatorStudio.toast(MESSAGES.studio.stopped)).toBeVisible();
  await expect(panel.state).toHaveAttribute('data-state', 'idle');
  await expect(creatorStudio.status).not.toHaveText('LIVE');
  await expect
    .poll(
      async () => {
        const replays = await creatorPage.request.get(`/api/sessions/replays/user/${users.creator.userId}`);
        return ((await replays.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(1);
}

test('a creator goes live from this device, viewers watch over WHEP and HLS, chat both ways, End ends it', async ({
  browser,
  signedInUser,
}) => {
  test.setTimeout(240_000);
  const contexts = {
    creator: await browser.newContext(),
    viewer: await browser.newContext(),
    hlsViewer: await browser.newContext(),
  };
  try {
    const creator = await signedInUser('golivedesk', contexts.creator);
    await signedInUser('golivefan', contexts.viewer);
    await goLiveScenario(contexts, { creator });
  } finally {
    await Promise.all(Object.values(contexts).map((context) => context.close()));
  }
});

test('the same broadcast from a phone (390x844, touch)', async ({ browser, signedInUser }) => {
  test.setTimeout(240_000);
  const contexts = {
    creator: await browser.newContext(PHONE),
    viewer: await browser.newContext(PHONE),
    hlsViewer: await browser.newContext(),
  };
  try {
    const creator = await signedInUser('golivephone', contexts.creator);
    await signedInUser('golivephonefan', contexts.viewer);
    await goLiveScenario(contexts, { creator });
  } finally {
    await Promise.all(Object.values(contexts).map((context) => context.close()));
  }
});

test('leaving the studio while live ends the broadcast: the viewer goes offline and the session ends', async ({
  browser,
  signedInUser,
}) => {
  test.setTimeout(180_000);
  const [creatorContext, viewerContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const creator = await signedInUser('goliveleave', creatorContext);
    const creatorPage = await creatorContext.newPage();
    const key = await createKey(creatorPage, creator.userId);
    const panel = goLive(creatorPage);
    await studio(creatorPage).open();
    await panel.open.click();
    await expect.poll(() => panel.previewFrames(), { timeout: 30_000 }).toBeGreaterThan(10);
    await panel.start.click();
    await expect(panel.state).toHaveAttribute('data-state', 'live', { timeout: 30_000 });

    const viewerPage = await viewerContext.newPage();
    const viewer = livePage(viewerPage);
    await viewer.open(creator.username);
    // Playing, over WHEP as a rule; on a starved machine the first frame can miss WHEP's 5 s and the
    // player falls back to HLS (seen once), which this test's End reaches too.
    await expect(viewer.player).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });

    // The creator closes the tab: the WHIP DELETE and the session's stop leave with it.
    await creatorPage.close();
    await expect(viewer.message).toHaveText(MESSAGES.player.offline, { timeout: 10_000 });
    await expect
      .poll(async () => (await viewerPage.request.get(`/api/sessions/live/${key.id}`)).status(), {
        timeout: 10_000,
      })
      .toBe(404);
  } finally {
    await Promise.all([creatorContext.close(), viewerContext.close()]);
  }
});
