import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { withServiceWorker } from './service-worker';

test.use(withServiceWorker);

type ManifestImage = { src: string; sizes: string; type?: string; purpose?: string; form_factor?: string };
type Manifest = {
  id?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  icons?: ManifestImage[];
  shortcuts?: Array<{ name: string; url: string; icons?: ManifestImage[] }>;
  screenshots?: ManifestImage[];
};

/** A PNG's pixel size from its IHDR chunk (bytes 16..23, big-endian). */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

const NEXT_RELEASE = 'next-release';
const UPDATE_WAITS_FOR_UPLOAD = 'The update will apply when the upload finishes';

test('the manifest names the app, its shortcuts, its screenshots and a maskable icon', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone' });

  const shortcuts = Object.fromEntries((manifest.shortcuts ?? []).map((s) => [s.name, s.url]));
  expect(shortcuts).toEqual({
    Reels: '/reels',
    Live: '/livestream',
    Studio: '/studio',
    Downloads: '/downloads',
  });
  for (const shortcut of manifest.shortcuts ?? []) expect(shortcut.icons?.length).toBeGreaterThan(0);

  const screenshots = manifest.screenshots ?? [];
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const screenshot of screenshots) {
    const file = await request.get(screenshot.src);
    expect(file.status(), screenshot.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(screenshot.type).toBe('image/png');
    expect(pngSize(await file.body()), screenshot.src).toBe(screenshot.sizes);
    const [width = 0, height = 0] = screenshot.sizes.split('x').map(Number);
    expect(screenshot.form_factor === 'wide' ? width > height : height > width).toBe(true);
  }

  const maskable = (manifest.icons ?? []).find((icon) => icon.purpose?.split(' ').includes('maskable'));
  if (!maskable) throw new Error('No maskable icon in the manifest');
  const icon = await request.get(maskable.src);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/png');
  expect(pngSize(await icon.body())).toBe(maskable.sizes);
  // Maskable means: opaque to the edges, and everything but the background inside the safe zone
  // (the centred circle of radius 40 %), since launchers crop the rest away.
  const outsideSafeZone = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    const background = [data[0], data[1], data[2], data[3]];
    let transparent = 0;
    let foreign = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (data[i + 3] !== 255) transparent++;
        const distance = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2);
        if (distance > 0.4 * width && [0, 1, 2].some((c) => data[i + c] !== background[c])) foreign++;
      }
    }
    return { transparent, foreign };
  }, maskable.src);
  expect(outsideSafeZone).toEqual({ transparent: 0, foreign: 0 });
});

/** Fires a stand-in for Chromium's install event; `window.installPrompts` counts prompt() calls. */
const fireBeforeInstallPrompt = (page: Page, outcome: 'accepted' | 'dismissed') =>
  page.evaluate((choice) => {
    const target = window as unknown as { installPrompts?: number };
    target.installPrompts ??= 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      platforms: ['web'],
      prompt: async () => {
        target.installPrompts = (target.installPrompts ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);

test('Install app appears once the browser offers it, prompts, and goes after the choice or an install', async ({
  page,
}) => {
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const install = nav.getByRole('button', { name: 'Install app' });
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Reels' })).toBeVisible();
  await expect(install).toHaveCount(0);

  // The app keeps the event (no mini-infobar) to prompt from its own menu.
  expect(await fireBeforeInstallPrompt(page, 'dismissed')).toBe(true);
  await expect(install).toBeVisible();
  await install.click();
  await expect
    .poll(() => page.evaluate(() => (window as { installPrompts?: number }).installPrompts))
    .toBe(1);
  // A prompt is good once: whatever the user chose, the item goes.
  await menu.click();
  await expect(nav).toBeVisible();
  await expect(install).toHaveCount(0);

  await fireBeforeInstallPrompt(page, 'accepted');
  await expect(install).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
  await expect(nav.getByText('Add to Home Screen')).toHaveCount(0);
});

test('an install offer made as the page starts is kept for the menu', async ({ page }) => {
  // The browser fires the event once, early: here right after the entry script ran, before the
  // menu item's own code has loaded.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Install app' }),
  ).toBeVisible();
});

test.describe('on iOS Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('the menu tells how to add the app to the home screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText('Share → Add to Home Screen')).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  });
});

test('a new version waits while an upload runs and applies once it is done', async ({
  page,
  signedInUser,
}) => {
  await signedInUser('install');
  await page.goto('/studio');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // A page loaded without a worker is not controlled; the next load is, so a new worker has to wait.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // The next release: Playwright cannot rewrite the worker script the browser fetches, so the test
  // registers the same script under a new URL, which the browser installs as an update beside the
  // running worker, exactly where a new build's worker would wait. When the page's own registration
  // of /sw.js comes after this one (a slow start), it installs one more version, which replaces
  // this one as the waiting worker: the update the user accepts must then apply that one
  // (web/features/pwa/skip-waiting.ts), or the page waits for ever.
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
    // Kept across the reload: proof that the new worker took control before it.
    navigator.serviceWorker.addEventListener('controllerchange', () =>
      sessionStorage.setItem('controller-changed', 'yes'),
    );
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
  expect(await page.evaluate(() => sessionStorage.getItem('controller-changed'))).toBe('yes');
});
