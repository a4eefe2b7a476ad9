import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './pages/accounts';

const NEXT_RELEASE = 'next-release';
const UPDATE_WAITS_FOR_UPLOAD = 'The update will apply when the upload finishes';

test('a new version waits while an upload runs and applies once it is done', async ({ page }) => {
  await signInAsNewUser(page, 'install');
  await page.goto('/studio');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // A page loaded without a worker is not controlled; the next load is, so a new worker has to wait.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // The next release: Playwright cannot rewrite the worker script the browser fetches, so the test
  // registers the same script under a new URL, which the browser installs as an update beside the
  // running worker, exactly where a new build's worker would wait.
  await page.evaluate(async (release) => {
    await navigator.serviceWorker.register(`/sw.js?${release}`);
  }, NEXT_RELEASE);
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('A new version is available');

  // An upload whose request the test holds until it lets it go.
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => {
    releaseUpload = resolve;
  });
  await page.route('**/api/videos/upload/file', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await dialog.getByLabel('Video file', { exact: true }).setInputFiles('tests/fixtures/upload/landscape.mp4');
  await dialog.getByLabel('Title', { exact: true }).fill('Uploaded across an update');
  const uploadSent = page.waitForRequest('**/api/videos/upload/file');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await uploadSent;
  // The upload goes on with its dialog closed (the creator looks at the list meanwhile).
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A reload now would kill the upload: the page stays, and the new worker keeps waiting.
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
  });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(prompt).toContainText(UPDATE_WAITS_FOR_UPLOAD);
  await expect(prompt.getByRole('button', { name: 'Reload' })).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(
    true,
  );

  // Once the upload is done the update applies by itself: the new worker takes over and the page reloads.
  const reloaded = page.waitForEvent('load');
  releaseUpload();
  await reloaded;
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  await expect(page.getByRole('heading', { name: 'Your Videos' })).toBeVisible();
  await expect(page.getByTestId('studio-row').filter({ hasText: 'Uploaded across an update' })).toHaveCount(
    1,
  );
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain(NEXT_RELEASE);
});
