import { expect } from '@playwright/test';
import { test } from './fixtures';
import { topBar } from './pages/top-bar';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

test('a signed-in user stays signed in across offline reloads, and a revoked session signs out with a message', async ({
  page,
  context,
  signedInUser,
}) => {
  const { username, fullName } = await signedInUser('offid');
  await page.goto('/');
  await untilControlled(page);
  await page.reload();
  await expect(topBar(page).accountMenu(fullName)).toBeVisible();
  // The query cache is saved at most once a second.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  for (const round of [1, 2]) {
    await page.reload();
    await expect(page.getByTestId('offline-banner'), `offline reload ${round}`).toBeVisible();
    await expect(topBar(page).accountMenu(fullName), `offline reload ${round}`).toBeVisible();
    await expect(topBar(page).signIn).toBeHidden();
  }

  // Back online the session is asked again quietly: still signed in, no message.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await page.reload();
  await expect(topBar(page).accountMenu(fullName)).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeHidden();

  // The session ends on the server (another tab logged out, or it expired): the page says so.
  await page.waitForTimeout(1500);
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(topBar(page).signIn).toBeVisible();
  await expect(page.getByText(username)).toBeHidden();
});
