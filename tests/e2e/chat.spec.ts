import { type BrowserContext, expect } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema } from '../../schema/chat';
import { MESSAGES } from '../../schema/messages';
import { type SignedInUser, test } from './fixtures';
import { createStreamKey } from './live-api';

/** A stream key for `streamer`, made in their `context`: its public id names their live page's chat room. */
async function withStreamKey(context: BrowserContext, streamer: SignedInUser) {
  return { ...streamer, room: (await createStreamKey(context.request, streamer.userId, 'Chat test')).id };
}

test('chat on a live page reaches everyone in the room and shows text as text', async ({
  browser,
  signedInUser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await withStreamKey(creatorContext, await signedInUser('host', creatorContext));
  // Separate contexts: the speaker's session cookie must not make the visitor a speaker too.
  const viewerContext = await browser.newContext();
  const { username } = await signedInUser('chat', viewerContext);
  const viewer = await viewerContext.newPage();
  const visitor = await (await browser.newContext()).newPage();

  for (const page of [viewer, visitor]) {
    await page.goto(`/live/${creator.username}`);
    await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-state', 'open');
  }
  await expect(viewer.getByText(MESSAGES.chat.empty)).toBeVisible();
  // A visitor reads but cannot write.
  await expect(visitor.getByText(MESSAGES.chat.connectWallet)).toBeVisible();
  const emoji = visitor.getByRole('button', { name: 'Emoji' });
  await expect(emoji).toBeDisabled();
  // Drawn, not a font's emoji: a phone or desktop without an emoji font showed an empty box.
  await expect(emoji.locator('svg')).toBeVisible();
  await expect(emoji).toHaveText('');
  await expect(visitor.getByTestId('chat-input')).toHaveCount(0);

  const input = viewer.getByTestId('chat-input');
  await input.fill('<b>gg</b> what a clutch');
  // Sending opens once the viewer's chat token for this room has arrived.
  await expect(viewer.getByRole('button', { name: 'Send' })).toBeEnabled();
  await input.press('Enter');

  for (const page of [viewer, visitor]) {
    await expect(page.getByTestId('chat-message').last()).toContainText('<b>gg</b> what a clutch');
    await expect(page.getByTestId('chat-message').last()).toContainText(username);
  }
  await expect(input).toHaveValue('');

  // A newcomer gets the recent messages first.
  const late = await (await browser.newContext()).newPage();
  await late.goto(`/live/${creator.username}`);
  await expect(late.getByTestId('chat-message')).toContainText(['<b>gg</b> what a clutch']);
});

test('a burst of messages, written to the browser as one batch, shows whole and in order', async ({
  browser,
  signedInUser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await withStreamKey(creatorContext, await signedInUser('host', creatorContext));
  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto(`/live/${creator.username}`);
  await expect(watcher.getByText(MESSAGES.chat.empty)).toBeVisible();

  // A speaker's five messages leave in the same instant, so the room's 60 ms tick sends them on as
  // one `batch` message (tests/party/chat-shards.test.ts counts that); the panel must unpack it.
  const speakerContext = await browser.newContext();
  await signedInUser('burst', speakerContext);
  const speaker = await speakerContext.newPage();
  // The socket is opened by hand below, from a page of the site as the app would.
  await speaker.goto('/');
  const tokenAnswer = await speaker.request.get(`/api/chat/token?room=${creator.room}`);
  const { token } = dataEnvelope(ChatTokenSchema).parse(await tokenAnswer.json()).data;
  const burst = ['one', 'two', 'three', 'four', 'five'];
  await speaker.evaluate(
    ({ room, token, burst }) =>
      new Promise<void>((resolve) => {
        const url = new URL(`/parties/chat/${room}?token=${encodeURIComponent(token)}`, location.href);
        url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
        const socket = new WebSocket(url);
        // After the welcome only: answering every frame would answer the room's own replies.
        socket.addEventListener(
          'message',
          () => {
            for (const message of burst) socket.send(JSON.stringify({ type: 'chat_message', message }));
            resolve();
          },
          { once: true },
        );
      }),
    { room: creator.room, token, burst },
  );
  await expect(watcher.getByTestId('chat-message')).toContainText(burst);
});

test('the chat panel says it is connecting before the room answers', async ({
  page,
  browser,
  signedInUser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await withStreamKey(creatorContext, await signedInUser('host', creatorContext));
  // The room refuses every attempt: the panel must keep telling the user it is connecting.
  await page.routeWebSocket(/\/parties\/chat\//, (socket) =>
    socket.close({ code: 1013, reason: 'try later' }),
  );
  await page.goto(`/live/${creator.username}`);
  await expect(page.getByTestId('chat-status')).toHaveText(MESSAGES.chat.connecting);
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-state', 'connecting');
});
