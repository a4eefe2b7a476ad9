import { type BrowserContext, expect } from '@playwright/test';
import { MESSAGES } from '../../schema/messages';
import { type SignedInUser, test } from './fixtures';
import { createStreamKey, prepareSession } from './live-api';
import { broadcast, livePage, studio } from './pages/live';
import { walletPage } from './pages/wallet';

// Real ffmpeg, real ingest: on two slow cores the first segment can take a while.
const ON_AIR_MS = 60_000;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A stream key and a started session for `creator`, through the API as the studio makes them. */
async function goLiveThroughApi(context: BrowserContext, creator: SignedInUser, title: string) {
  const key = await createStreamKey(context.request, creator.userId, 'Dashboard');
  const session = await prepareSession(context.request, key.id, {
    title,
    description: 'Watching the numbers',
  });
  return { key, session };
}

test('the studio shows viewers, a ticking duration, this stream’s tips, its health and the chat with moderation at 390x844', async ({
  browser,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('no baseURL');
  const [creatorContext, fanContext] = await Promise.all([
    browser.newContext(PHONE),
    browser.newContext(PHONE),
  ]);
  const creator = await signedInUser('dash', creatorContext);
  const fan = await signedInUser('dashfan', fanContext);
  const { key, session } = await goLiveThroughApi(creatorContext, creator, 'Numbers night');
  const encoder = broadcast(baseURL, key.key);
  try {
    const page = await creatorContext.newPage();
    const creatorStudio = studio(page);
    await creatorStudio.open();
    await expect(creatorStudio.status).toHaveText('LIVE', { timeout: ON_AIR_MS });
    // The one key exists: nothing to name, only the disabled button.
    await expect(creatorStudio.keyExists).toBeDisabled();
    await expect(creatorStudio.keyName).toHaveCount(0);

    const dashboard = page.getByTestId('studio-dashboard');
    await expect(dashboard).toBeVisible();
    const duration = dashboard.getByTestId('studio-duration');
    await expect(duration).toHaveText(/^\d+:\d\d$/);
    const first = await duration.textContent();
    await expect(duration).not.toHaveText(first ?? '', { timeout: 5_000 });

    // The stream's health at the local ingest: a measured bitrate, nothing missing.
    await expect(dashboard.getByTestId('studio-health-bitrate').first()).toHaveText(/^\d[\d.K]* kbps$/, {
      timeout: 30_000,
    });

    // A fan watches and chats: the viewer count counts them, the chat panel shows the message with
    // the creator's moderation controls.
    const fanPage = await fanContext.newPage();
    await walletPage(fanPage).buy200Reel();
    const fanLive = livePage(fanPage);
    await fanLive.open(creator.username);
    await expect(fanLive.chat).toHaveAttribute('data-state', 'open');
    const viewers = dashboard.getByTestId('studio-viewers');
    await expect(viewers).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
    const peak = Number(await dashboard.getByTestId('studio-peak').textContent());
    expect(peak).toBeGreaterThanOrEqual(Number(await viewers.textContent()));

    const input = fanPage.getByTestId('chat-input');
    await input.fill('hello from the front row');
    await expect(fanPage.getByRole('button', { name: 'Send' })).toBeEnabled();
    await input.press('Enter');
    const chat = page.getByTestId('chat-panel');
    await expect(chat).toHaveAttribute('data-state', 'open');
    await expect(chat.getByRole('button', { name: 'Moderation' })).toBeVisible();
    const line = chat.getByTestId('chat-message').filter({ hasText: 'hello from the front row' });
    await expect(line).toBeVisible();
    await expect(line.getByRole('button', { name: `Actions for ${fan.username}'s message` })).toBeAttached();

    // A tip on this stream reaches the total and the list.
    const tipped = await fanContext.request.post('/api/tips', {
      data: {
        tipperId: fan.userId,
        receiverId: creator.userId,
        amount: 100,
        tipType: 'stream',
        streamSessionId: session.id,
        giftName: 'Heart',
        message: 'great stream',
      },
    });
    expect(tipped.status()).toBe(201);
    const { data: tip } = (await tipped.json()) as { data: { id: string } };
    expect((await fanContext.request.post(`/api/tips/${tip.id}/confirm`)).status()).toBe(200);
    await expect(dashboard.getByTestId('studio-tips-total')).toHaveText('100 $REEL', { timeout: 30_000 });
    await expect(dashboard.getByTestId('studio-tips')).toContainText(
      `@${fan.username} sent 100 $REEL (Heart)`,
    );

    // At phone size the chat sits under the stats, and nothing is wider than the screen.
    const statsBox = await dashboard.getByRole('region', { name: 'Stream stats' }).boundingBox();
    const chatBox = await chat.boundingBox();
    expect(statsBox && chatBox && chatBox.y >= statsBox.y + statsBox.height).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('studio-live-390.png'), fullPage: true });
  } finally {
    await encoder.stop();
    await Promise.all([creatorContext, fanContext].map((context) => context.close()));
  }
});

test('the streamer’s own live page shows the session title as soon as it shows and opens its chat once, as a speaker', async ({
  browser,
  signedInUser,
}) => {
  const context = await browser.newContext(PHONE);
  try {
    const creator = await signedInUser('titled', context);
    await goLiveThroughApi(context, creator, 'Title at once');
    const page = await context.newPage();
    const chatSockets: string[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().includes('/parties/chat/')) chatSockets.push(socket.url());
    });
    const live = livePage(page);
    await live.open(creator.username);
    // Read once, not retried: the first thing the page shows is the title, never the fallback.
    const shown = await live.title.textContent();
    expect(shown).toContain('Title at once');
    expect(shown).not.toContain(MESSAGES.live.noTitle);
    // The chat opens once, already able to speak: no reader's socket first, then a speaker's.
    await expect(live.chat).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('chat-input')).toBeEnabled();
    await page.getByTestId('chat-input').fill('first');
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(chatSockets).toHaveLength(1);
    expect(chatSockets[0]).toContain('token=');
  } finally {
    await context.close();
  }
});
