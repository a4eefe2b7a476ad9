import { expect } from '@playwright/test';
import { demo, serverEngagement } from './api';
import { test } from './fixtures';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

test('a like and a comment made offline survive an offline reload and a closed page, and reach the server once', async ({
  page,
  context,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  const { userId, username } = await signedInUser('queue');
  const text = `Offline words from ${username}`;
  const server = serverEngagement(request, userId);
  const serverState = async () => ({
    liked: await server.liked('videos', video.id),
    comments: await server.commentsSaying(video.id, text),
  });

  await page.goto(`/v/${video.id}`);
  await untilControlled(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: video.title })).toBeVisible();
  // The app's own Like, not only the heading the worker's static first screen also shows: the
  // network goes once the app has loaded (and the worker has kept its code).
  await expect(page.getByRole('button', { name: /Like/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'queue tester', exact: true })).toBeVisible();

  await context.setOffline(true);
  const like = page.getByRole('button', { name: /Like/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  const input = page.getByPlaceholder('Write a comment...');
  await input.fill(text);
  await input.press('Enter');
  await expect(page.getByTestId('comment').filter({ hasText: text })).toBeVisible();
  // The failed calls pause the mutations (1 s retry delay) and the cache is saved (1 s throttle).
  await page.waitForTimeout(3000);

  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('comment').filter({ hasText: text })).toBeVisible();
  // What the server saw of the failed attempts is not asked: Chromium's offline emulation can let a
  // service-worker page's POST through while the page sees it fail, which is exactly the lost
  // answer the Idempotency-Key covers. The end state is what counts.

  // The page that made them closes while still offline; the app opens again online.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/');
  await expect.poll(serverState, { timeout: 30_000 }).toEqual({ liked: true, comments: 1 });
  await again.goto(`/v/${video.id}`);
  await expect(again.getByRole('button', { name: /Like/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(again.getByTestId('comment').filter({ hasText: text })).toHaveCount(1);
  // Reopening the app again sends nothing twice.
  await again.reload();
  await again.waitForTimeout(2000);
  expect(await serverState()).toEqual({ liked: true, comments: 1 });
});
