import { expect, type Page } from '@playwright/test';
import { uploadOverApi } from './api';
import { test } from './fixtures';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/** Whether the query cache saved to IndexedDB (web/data/query-persister.ts) holds `text`. */
const savedQueriesHold = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('reel-query');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const get = open.result.transaction('cache').objectStore('cache').get('tanstack-query');
          get.onsuccess = () => resolve(JSON.stringify(get.result ?? '').includes(wanted));
          get.onerror = () => resolve(false);
        };
      }),
    text,
  );

test("an edited title shows at once to its author, after a reload, offline instead of the saved answer's, and to a viewer on the next visit", async ({
  page,
  context,
  browser,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(120_000);
  const { userId, username } = await signedInUser('retitler');
  const oldTitle = `Before the edit ${Date.now()}`;
  const newTitle = `After the edit ${Date.now()}`;
  const video = await uploadOverApi(page.request, { userId, title: oldTitle });

  // Watched and seen on the profile: the service worker keeps both answers with the old title.
  await page.goto(`/v/${video.id}`);
  await untilControlled(page);
  await expect(page.getByRole('heading', { level: 1, name: oldTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('video-card').filter({ hasText: oldTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A visitor on another device watched it too: their worker and query cache keep the old title.
  const visitorContext = await browser.newContext({ ...withServiceWorker, baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/v/${video.id}`);
  await untilControlled(visitor);
  await expect(visitor.getByRole('heading', { level: 1, name: oldTitle })).toBeVisible();
  await visitor.waitForLoadState('networkidle');

  await page.goto('/studio');
  const row = page.getByTestId('studio-row').filter({ hasText: oldTitle });
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await expect(async () => {
    await row.getByRole('button', { name: `Actions for ${oldTitle}` }).click();
    await expect(edit).toBeVisible({ timeout: 1000 });
  }).toPass();
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit video' });
  await dialog.getByLabel('Title', { exact: true }).fill(newTitle);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Changes saved' })).toBeVisible();
  await expect.poll(() => savedQueriesHold(page, newTitle)).toBe(true);

  // Offline at once: the pages read their queries again from the service worker's saved answers,
  // which must not bring the old title back.
  await context.setOffline(true);
  await page.goto(`/v/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('video-card').filter({ hasText: newTitle })).toBeVisible();
  await expect(page.getByTestId('video-card').filter({ hasText: oldTitle })).toHaveCount(0);
  await context.setOffline(false);

  // Online: from the studio's row to the watch page, the profile card, and a reload of each.
  await page.goto('/studio');
  await page.getByTestId('studio-row').getByRole('link', { name: newTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('video-card').filter({ hasText: newTitle })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('video-card').filter({ hasText: newTitle })).toBeVisible();
  await expect(page.getByTestId('video-card').filter({ hasText: oldTitle })).toHaveCount(0);

  // The visitor's next visit reads the network first and shows the edit.
  await visitor.goto(`/v/${video.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await visitorContext.close();
});
