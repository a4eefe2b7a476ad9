import { type BrowserContext, expect, type Route } from '@playwright/test';
import { MESSAGES } from '../../schema/messages';
import { type SignedInUser, test } from './fixtures';
import { broadcast, livePage, studio } from './pages/live';
import { untilSignedIn } from './pages/top-bar';

// Real ffmpeg, real ingest, real HLS in Chromium: on two slow cores the first segment can take a while.
const ON_AIR_MS = 60_000;

test('a stream pushed with ffmpeg goes LIVE without a reload, plays, carries chat, and goes offline when it stops', async ({
  browser,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('no baseURL');
  // Every page here plays or listens to the stream: all of them close when the test ends.
  const [creatorContext, viewerContext, homeContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  try {
    const creator = await signedInUser('streamer', creatorContext);
    await onAirScenario(baseURL, creator, creatorContext, viewerContext, homeContext);
  } finally {
    await Promise.all([creatorContext, viewerContext, homeContext].map((context) => context.close()));
  }
});

async function onAirScenario(
  baseURL: string,
  creator: SignedInUser,
  creatorContext: BrowserContext,
  viewerContext: BrowserContext,
  homeContext: BrowserContext,
) {
  // The creator makes a key and prepares a session in the studio.
  const creatorPage = await creatorContext.newPage();
  const creatorStudio = studio(creatorPage);
  await creatorStudio.open();
  await creatorStudio.createStreamKey('Main stream');
  await creatorStudio.prepareStream('Speedrun night', 'Any% with commentary');
  await expect(creatorStudio.status).toHaveText('READY');
  await expect(creatorStudio.empty).toHaveAttribute('data-stage', 'stream-ready');
  const { key: secret } = await creatorStudio.ownKey(creator.userId);

  // A visitor opens the live page before the encoder starts: offline, no LIVE badge.
  const viewerPage = await viewerContext.newPage();
  const viewer = livePage(viewerPage);
  await viewer.open(creator.username);
  await expect(viewer.title).toContainText('Speedrun night');
  await expect(viewer.player).toHaveAttribute('data-state', 'offline');
  await expect(viewer.message).toHaveText(MESSAGES.player.offline);
  await expect(viewer.badge).toHaveCount(0);
  await expect(viewer.chat).toHaveAttribute('data-state', 'open');

  const encoder = broadcast(baseURL, secret);
  try {
    // The status room flips the open page to LIVE and the player starts by itself.
    await expect(viewer.badge).toBeVisible({ timeout: ON_AIR_MS });
    await expect(viewer.player).toHaveAttribute('data-state', 'ready', { timeout: ON_AIR_MS });
    const start = await viewer.currentTime();
    await expect.poll(() => viewer.currentTime(), { timeout: 30_000 }).toBeGreaterThan(start + 1.5);

    // A live playlist (no ENDLIST): LIVE and the viewer count, no seek bar or running time (issue
    // 20 §5: hls.js gave it a finite, growing duration). Paused, it falls behind: Go live returns.
    const controls = viewerPage.getByTestId('player-controls');
    const edge = controls.locator('.player-live-edge');
    await expect(edge).toHaveText('LIVE');
    await expect(controls.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
    await expect(controls.getByTestId('player-time')).toHaveCount(0);
    await expect(viewerPage.getByTestId('live-player-viewers')).toHaveText(/^\d+ watching$/);
    await viewer.player.evaluate((video: HTMLVideoElement) => video.pause());
    await expect(edge).toHaveText('Go live', { timeout: 30_000 });
    await edge.click();
    await expect(edge).toHaveText('LIVE');

    // The studio sees it too, without a reload.
    await expect(creatorStudio.status).toHaveText('LIVE', { timeout: ON_AIR_MS });
    await expect(creatorPage.getByRole('heading', { level: 1 })).toHaveText('Live Streaming');

    // The creator chats from their own context; the visitor's page receives it.
    const creatorLive = livePage(creatorPage);
    await creatorLive.open(creator.username);
    await expect(creatorLive.chat).toHaveAttribute('data-state', 'open');
    const input = creatorPage.getByTestId('chat-input');
    await input.fill('We are live, say hi!');
    // Sending opens once the creator's chat token has arrived.
    await expect(creatorPage.getByRole('button', { name: 'Send' })).toBeEnabled();
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(viewerPage.getByTestId('chat-message').last()).toContainText('We are live, say hi!');
    await expect(viewerPage.getByTestId('chat-message').last()).toContainText(creator.username);

    // Home advertises the live channel with a still frame, and a moving preview on hover.
    const homePage = await homeContext.newPage();
    await homePage.goto('/');
    const card = homePage.getByTestId('live-card').filter({ hasText: 'Speedrun night' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('LIVE');
    await expect(card).toContainText(`@${creator.username}`);
    await expect(card.getByTestId('live-card-still')).toHaveAttribute('src', /\/poster\.jpg/);
    await card.hover();
    await expect(card.getByTestId('live-card-preview')).toHaveAttribute('data-state', 'ready', {
      timeout: 30_000,
    });
  } finally {
    await encoder.stop();
  }

  // ffmpeg closed its playlist: the open page goes offline by itself.
  await expect(viewer.badge).toHaveCount(0, { timeout: ON_AIR_MS });
  await expect(viewer.player).toHaveAttribute('data-state', 'offline', { timeout: ON_AIR_MS });
  await expect(viewer.message).toHaveText(MESSAGES.player.offline);
}

test('a user without a stream key gets the spec message', async ({ page, signedInUser }) => {
  const { username } = await signedInUser('nokey');
  await page.goto(`/live/${username}`);
  await expect(page.getByText(MESSAGES.live.noKey)).toBeVisible();
  await expect(page.getByText(MESSAGES.live.noKeyHint)).toBeVisible();
});

test('a signed-in viewer follows and unfollows the streamer and opens the gift picker; the streamer gets neither', async ({
  browser,
  signedInUser,
}) => {
  test.setTimeout(90_000);
  const [streamerContext, viewerContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const streamer = await signedInUser('followed', streamerContext);
    const created = await streamerContext.request.post('/api/stream-keys', {
      data: { name: 'Follow test', userId: streamer.userId },
    });
    expect(created.status()).toBe(201);

    const fan = await signedInUser('fan', viewerContext);
    const viewerPage = await viewerContext.newPage();
    const viewer = livePage(viewerPage);
    await viewer.open(streamer.username);
    await untilSignedIn(viewerPage, fan.fullName);
    await expect(viewerPage.getByTestId('live-followers')).toHaveText('0 followers');
    // Wide, the chat is a column beside the player, the streamer panel and About.
    const [player, chat, about] = await Promise.all(
      ['live-player', 'chat-panel', 'live-about'].map((id) => viewerPage.getByTestId(id).boundingBox()),
    );
    if (!player || !chat || !about) throw new Error('the live page is missing a part');
    expect(chat.x).toBeGreaterThanOrEqual(player.x + player.width);
    expect(chat.y).toBeLessThanOrEqual(player.y + 1);
    expect(about.x).toBe(player.x);
    await viewerPage.getByRole('button', { name: 'Follow', exact: true }).click();
    // Enabled again once the server has it: the button is busy while the follow is being saved.
    await expect(viewerPage.getByRole('button', { name: /Following|Unfollow/ })).toBeEnabled();
    await expect(viewerPage.getByTestId('live-followers')).toHaveText('1 followers');

    // It is the server's: still following after a reload, then unfollow.
    await viewer.open(streamer.username);
    const following = viewerPage.getByRole('button', { name: /Following|Unfollow/ });
    await expect(following).toBeVisible();
    await following.click();
    await expect(viewerPage.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(viewerPage.getByTestId('live-followers')).toHaveText('0 followers');

    await viewerPage.getByRole('button', { name: 'Tip Now' }).click();
    await expect(
      viewerPage.getByRole('dialog', { name: `Send a gift to @${streamer.username}` }),
    ).toBeVisible({
      timeout: 30_000,
    });

    const streamerPage = await streamerContext.newPage();
    const own = livePage(streamerPage);
    await own.open(streamer.username);
    await expect(streamerPage.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
    await expect(streamerPage.getByRole('button', { name: 'Tip Now' })).toHaveCount(0);
  } finally {
    await Promise.all([streamerContext.close(), viewerContext.close()]);
  }
});

test("home's feeds stay where they are while the live channels above them load", async ({
  page,
  browser,
  signedInUser,
}) => {
  const { userId } = await signedInUser('steady');
  const key = await page.request.post('/api/stream-keys', { data: { name: 'Steady cam', userId } });
  expect(key.status()).toBe(201);
  const { data: streamKey } = (await key.json()) as { data: { id: string } };
  const session = await page.request.post('/api/sessions', {
    data: { streamKeyId: streamKey.id, title: 'Layout check', description: '' },
  });
  expect(session.status()).toBe(201);
  const { data: prepared } = (await session.json()) as { data: { id: string } };
  expect((await page.request.post(`/api/sessions/${prepared.id}/start`)).ok()).toBe(true);

  // A fresh visitor on a slow link: the live list and then the cards' code arrive well after the
  // feeds, which is when a late section would push the feeds down under the pointer.
  const visitor = await browser.newPage();
  const late = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  };
  await visitor.route('**/api/sessions/active', late);
  await visitor.route(/\/assets\/live-channels-[^/]+\.js$/, late);
  try {
    await visitor.goto('/');
    const firstShort = visitor.getByTestId('short-card').first();
    await expect(firstShort).toBeVisible();
    const before = await firstShort.boundingBox();
    await expect(visitor.getByTestId('home-live').getByTestId('live-card').first()).toBeVisible();
    const after = await firstShort.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2);
  } finally {
    await visitor.close();
  }
});
