import { expect, type Locator, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import type { Video } from '../../schema/content';
import { type CommentThread, CommentThreadSchema, type ContentKind } from '../../schema/engagement';
import { demo } from './api';
import { type SignedInUser, test } from './fixtures';
import { untilSignedIn } from './pages/top-bar';
import { withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/* Issue 13 items 2-4: the shorts feed holds still under comments and dialogs, the panel sits
   beside the short on desktop, and replies are shown and can be written. */

const player = (page: Page) => page.getByTestId('short-player');
const stage = (page: Page) => page.locator('.shorts-stage');

async function firstShorts(page: Page) {
  const { items } = await demo(page.request).firstShortsPage();
  const [first, second] = items;
  if (!first || !second) throw new Error('the demo needs two shorts');
  return { first, second };
}

/** Jumps the short on screen to just before its end and waits until it has reached the end. */
async function playPastTheEnd(page: Page) {
  await expect
    .poll(() => player(page).evaluate((video: HTMLVideoElement) => video.duration))
    .toBeGreaterThan(0);
  const ended = await player(page).evaluate(
    (video: HTMLVideoElement) =>
      new Promise<boolean>((resolve) => {
        video.addEventListener('ended', () => resolve(true), { once: true });
        setTimeout(() => resolve(false), 8000);
        video.currentTime = Math.max(0, video.duration - 0.3);
        video.play().catch(() => undefined);
      }),
  );
  expect(ended, 'the short played to its end').toBe(true);
  // Time enough for an advance to have happened.
  await page.waitForTimeout(600);
}

async function turnTheWheel(page: Page) {
  await stage(page).evaluate((element) =>
    element.dispatchEvent(new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true })),
  );
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

test('the feed holds the short and the draft while the comment panel is open', async ({ page }) => {
  const { first, second } = await firstShorts(page);
  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);

  await page.getByRole('button', { name: 'Comments' }).click();
  const panel = page.getByTestId('comment-panel');
  const draft = panel.getByRole('textbox', { name: 'Comment' });
  await draft.fill('half a thought');

  await playPastTheEnd(page);
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await expect(page).toHaveTitle(`${first.title} | ${first.creator} - Reel`);
  await expect(draft).toHaveValue('half a thought');

  await turnTheWheel(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(400);
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await expect(draft).toHaveValue('half a thought');

  // Closed, the feed moves again.
  await panel.getByRole('button', { name: 'Close comments' }).click();
  await page.keyboard.press('ArrowDown');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
});

test('the feed holds the short while a dialog is open over it', async ({ page }) => {
  const { first, second } = await firstShorts(page);
  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await playPastTheEnd(page);
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`on a ${viewport.width}x${viewport.height} desktop`, () => {
    test.use({ viewport });

    test('the comment panel sits beside the short and its rail', async ({ page }) => {
      await page.goto('/reels');
      await expect(player(page)).toBeVisible();
      await page.getByRole('button', { name: 'Comments' }).click();
      const panel = await boxOf(page.getByTestId('comment-panel'));
      const short = await boxOf(stage(page));
      const rail = await boxOf(page.locator('.shorts-rail'));
      expect(
        overlaps(panel, short),
        `panel ${JSON.stringify(panel)} over short ${JSON.stringify(short)}`,
      ).toBe(false);
      expect(overlaps(panel, rail)).toBe(false);
      expect(panel.x + panel.width).toBeLessThanOrEqual(viewport.width);
      expect(short.height).toBeGreaterThan(viewport.height / 2);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the comment panel is a sheet from the bottom', async ({ page }) => {
    await page.goto('/reels');
    await expect(player(page)).toBeVisible();
    await page.getByRole('button', { name: 'Comments' }).click();
    const panel = await boxOf(page.getByTestId('comment-panel'));
    expect(panel.x).toBe(0);
    expect(panel.width).toBe(390);
    expect(Math.round(panel.y + panel.height)).toBe(844);
    // The top of the short stays in sight above the sheet.
    expect(panel.y).toBeGreaterThan(844 * 0.25);
  });
});

/** Writes through the API as the signed-in page's user (the session cookie rides along). */
async function postComment(page: Page, kind: ContentKind, id: string, body: object) {
  const response = await page.request.post(`/api/comments/${kind}/${id}`, { data: body });
  expect(response.status()).toBe(201);
  return dataEnvelope(CommentThreadSchema).parse(await response.json()).data;
}

async function threadsOf(page: Page, kind: ContentKind, id: string): Promise<CommentThread[]> {
  const response = await page.request.get(`/api/comments/${kind}/${id}?limit=20`);
  return dataEnvelope(z.array(CommentThreadSchema)).parse(await response.json()).data;
}

/** A comment with two replies on `video`, made through the API by `user`, signed in on `page`. */
async function commentWithTwoReplies(
  page: Page,
  { userId, username }: SignedInUser,
  video: Video,
  kind: ContentKind,
) {
  const parent = await postComment(page, kind, video.id, { userId, content: `Thread by ${username}` });
  for (const content of ['First reply', 'Second reply']) {
    await postComment(page, kind, video.id, { userId, content, parentId: parent.comment.id });
  }
  return parent.comment;
}

/**
 * "View 2 replies" expands them; a reply written in the UI shows at once under its parent and
 * reaches the server; `offline`, it waits as pending until the connection is back.
 */
async function expandAndReply(
  page: Page,
  {
    kind,
    video,
    parentId,
    text,
    offline,
  }: { kind: ContentKind; video: Video; parentId: string; text: string; offline: boolean },
) {
  const thread = page.getByTestId('comment').filter({ has: page.getByText(text) });
  await expect(thread.getByRole('button', { name: 'View 2 replies' })).toBeVisible();
  await expect(thread.getByText('First reply')).toBeHidden();
  await thread.getByRole('button', { name: 'View 2 replies' }).click();
  await expect(thread.getByTestId('reply')).toHaveText([/First reply/, /Second reply/]);

  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  const input = thread.getByRole('textbox', { name: 'Reply' });
  await input.fill('A third voice');
  if (offline) await page.context().setOffline(true);
  await input.press('Enter');
  await expect(input).toBeHidden();
  await expect(thread.getByTestId('reply')).toHaveText([/First reply/, /Second reply/, /A third voice/]);
  if (offline) {
    await expect(thread.getByTestId('reply').last()).toHaveAttribute('data-pending', 'true');
    await page.context().setOffline(false);
  }

  await expect
    .poll(async () => {
      const listed = (await threadsOf(page, kind, video.id)).find((item) => item.comment.id === parentId);
      return listed?.replies.map((reply) => [reply.comment.content, reply.comment.parentId]);
    })
    .toEqual([
      ['First reply', parentId],
      ['Second reply', parentId],
      ['A third voice', parentId],
    ]);

  // Saved, the reply stays under its parent (not on top as a new comment).
  await expect(thread.getByTestId('reply').last()).not.toHaveAttribute('data-pending');
  await expect(page.getByTestId('comment').filter({ hasText: 'A third voice' })).toHaveCount(1);
  await thread.getByRole('button', { name: 'Hide replies' }).click();
  await expect(thread.getByTestId('reply')).toHaveCount(0);
  await expect(thread.getByRole('button', { name: 'View 3 replies' })).toBeVisible();
}

test('replies on the watch page: View 2 replies expands them and a reply written offline reaches the server', async ({
  page,
  signedInUser,
}) => {
  // Signs in, writes through the API, then through the UI: more than one step's budget.
  test.slow();
  const video = await demo(page.request).latestVideo();
  const replier = await signedInUser('replies');
  const parent = await commentWithTwoReplies(page, replier, video, 'videos');
  await page.goto(`/v/${video.id}`);
  await untilSignedIn(page, replier.fullName);
  await expandAndReply(page, {
    kind: 'videos',
    video,
    parentId: parent.id,
    text: parent.content,
    offline: true,
  });
});

test('replies on a short: View 2 replies expands them and a reply reaches the server', async ({
  page,
  signedInUser,
}) => {
  // Signs in, writes through the API, then through the UI: more than one step's budget.
  test.slow();
  const { first } = await firstShorts(page);
  const replier = await signedInUser('replies');
  const parent = await commentWithTwoReplies(page, replier, first, 'shorts');
  await page.goto(`/s/${first.id}`);
  await untilSignedIn(page, replier.fullName);
  await page.getByRole('button', { name: 'Comments' }).click();
  await expandAndReply(page, {
    kind: 'shorts',
    video: first,
    parentId: parent.id,
    text: parent.content,
    offline: false,
  });
});
