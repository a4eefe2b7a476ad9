import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '../../schema/messages';
import { demo } from './api';
import { test } from './fixtures';

/* Issue 20.4: feeds that behave. A flick of the trackpad moves one short, Escape closes the
   comments, and a visitor's like or comment is answered with a way to sign in. */

const player = (page: Page) => page.getByTestId('short-player');

async function firstShorts(page: Page) {
  const { items } = await demo(page.request).firstShortsPage();
  const [first, second, third] = items;
  if (!first || !second || !third) throw new Error('the demo needs three shorts');
  return { first, second, third };
}

/**
 * A trackpad flick: 25 wheel events 40 ms apart (one second), as Chrome sends one with its
 * inertia, each after the page has had its turn to render the last. Answers how many gestures
 * the wheel lock should see in it: a loaded machine can hold a timer back past the 300 ms quiet
 * that ends a gesture (a trackpad's own events keep their spacing, timers do not), and each such
 * gap starts another.
 */
const flick = (page: Page) =>
  page.locator('.shorts-stage').evaluate(
    (stage) =>
      new Promise<number>((resolve) => {
        const stamps: number[] = [];
        const send = () => {
          const event = new WheelEvent('wheel', { deltaY: 30, bubbles: true, cancelable: true });
          stage.dispatchEvent(event);
          stamps.push(event.timeStamp);
          if (stamps.length < 25) setTimeout(send, 40);
          else
            resolve(1 + stamps.filter((stamp, at) => at > 0 && stamp - (stamps[at - 1] ?? 0) >= 300).length);
        };
        send();
      }),
  );

/** The 'Please log in' toast, with its lock icon, and the Sign In in it that opens the dialog. */
async function signInFromTheToast(page: Page) {
  const toast = page.getByTestId('toast').filter({ hasText: MESSAGES.generic.loginRequired });
  await expect(toast).toBeVisible();
  await expect(toast.getByTestId('lock-icon')).toBeVisible();
  await toast.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await expect(toast).toHaveCount(0);
}

test('one trackpad flick moves one short, and the next flick after a quiet moment one more', async ({
  page,
}) => {
  const { items } = await demo(page.request).firstShortsPage();
  const shortAt = (index: number) => items[index]?.videoUrl ?? `no short ${index}`;
  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', shortAt(0));

  // One gesture each, unless the machine stalled the page mid-flick (then as many as it split into).
  let at = await flick(page);
  await expect(player(page)).toHaveAttribute('src', shortAt(at));
  await page.waitForTimeout(400);
  await expect(player(page)).toHaveAttribute('src', shortAt(at));

  at += await flick(page);
  await expect(player(page)).toHaveAttribute('src', shortAt(at));
  await page.waitForTimeout(400);
  await expect(player(page)).toHaveAttribute('src', shortAt(at));
});

test('Escape closes the comment panel, from the page and from its comment box', async ({ page }) => {
  const { first, second } = await firstShorts(page);
  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  const comments = page.getByRole('button', { name: 'Comments' });
  const panel = page.getByTestId('comment-panel');

  await comments.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  await comments.click();
  await panel.getByRole('textbox', { name: 'Comment' }).fill('never mind');
  await panel.getByRole('textbox', { name: 'Comment' }).press('Escape');
  await expect(panel).toHaveCount(0);

  // Closed, the keys move the feed again.
  await page.keyboard.press('ArrowDown');
  await expect(player(page)).toHaveAttribute('src', second.videoUrl);
});

test('a visitor liking a short is asked to log in, and Sign In in the toast opens sign-in', async ({
  page,
}) => {
  const { first } = await firstShorts(page);
  await page.goto('/reels');
  await expect(player(page)).toHaveAttribute('src', first.videoUrl);
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await signInFromTheToast(page);
  await expect(page.getByTestId('rail-like-count')).toHaveText(String(first.likes));
});

test('on the watch page a visitor liking or commenting is asked to log in, not ignored', async ({
  page,
  request,
}) => {
  const video = await demo(request).latestVideo();
  await page.goto(`/v/${video.id}`);
  const likeCount = page.getByTestId('like-count');
  await expect(likeCount).toHaveText(String(video.likes));

  await page.getByRole('button', { name: /Like/ }).click();
  await signInFromTheToast(page);
  await page.keyboard.press('Escape');
  await expect(likeCount).toHaveText(String(video.likes));

  const comment = page.getByRole('textbox', { name: 'Comment' });
  await comment.fill('hello');
  await comment.press('Enter');
  const toast = page.getByTestId('toast').filter({ hasText: MESSAGES.generic.loginRequired });
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByTestId('comment-count')).toHaveText(`${video.comments} Comments`);
});
