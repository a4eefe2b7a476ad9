import { expect, type Page } from '@playwright/test';
import { demo } from './api';
import { test } from './fixtures';
import { signInAsNewUser } from './pages/accounts';
import { broadcast, livePage, studio } from './pages/live';
import { topBar } from './pages/top-bar';
import { walletPage } from './pages/wallet';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/* The strict Content-Security-Policy of DESIGN.md §9 (web/public/_headers) holds, and the app works under it. */

declare global {
  interface Window {
    __cspViolations?: string[];
    __x?: number;
  }
}

/**
 * Records every CSP violation the page sees: the document's `securitypolicyviolation` events (kept
 * in the page from its first script on) and Chromium's console reports, which also cover workers.
 * `expectNone()` reads the events of the page open now, so call it before leaving each page.
 */
async function watchViolations(page: Page) {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}`);
    });
  });
  const events = () => page.evaluate(() => window.__cspViolations ?? []);
  return {
    events,
    reports: () => reports,
    async expectNone() {
      expect(await events()).toEqual([]);
      expect(reports).toEqual([]);
    },
  };
}

const playedSeconds = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((video: HTMLVideoElement) => video.currentTime);

test('every page of the PWA is served with the strict policy and its security headers', async ({
  request,
}) => {
  for (const path of ['/', '/reels', '/wallet', '/live/x', '/v/x', '/callback']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("script-src 'self';");
    expect(csp, path).toContain("style-src 'self';");
    expect(csp, path).toContain("media-src 'self' blob:");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain('unsafe-');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toBe(
      'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
    );
  }
});

test('home, a watch page, the shorts feed, search, sign-in and the wallet run without a violation', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const video = await demo(request).latestVideo();

  await page.goto('/');
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  await violations.expectNone();

  await page.goto(`/v/${video.id}`);
  await expect(page.getByRole('heading', { name: video.title })).toBeVisible();
  await expect.poll(() => playedSeconds(page, 'video-player'), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await violations.expectNone();

  await page.goto('/reels');
  await expect(page.getByTestId('shorts-feed')).toBeVisible();
  await expect.poll(() => playedSeconds(page, 'short-player'), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await violations.expectNone();

  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Featured Users');
  await expect(page.getByTestId('creator-card').first()).toBeVisible();
  await violations.expectNone();

  // The sign-in dialog lists the wallets: the wallet adapter and the Aptos SDK load under the policy.
  await topBar(page).signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(dialog.getByRole('button', { name: 'Reel Dev Wallet' })).toBeVisible();
  await violations.expectNone();

  // Signing in with the dev wallet signs with the SDK and calls the chain node (connect-src).
  await signInAsNewUser(page, 'csp');
  const wallet = walletPage(page);
  await wallet.open();
  await expect(wallet.balance).toBeVisible();
  await expect(wallet.address).toBeVisible();
  await violations.expectNone();
});

test('offline, the app shell the service worker serves keeps the policy', async ({ page, context }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await untilControlled(page);

  await context.setOffline(true);
  try {
    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    expect((await shell?.allHeaders())?.['content-security-policy']).toContain("script-src 'self';");
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await violations.expectNone();
  } finally {
    await context.setOffline(false);
  }
});

test('the policy is enforced: a script injected into the page does not run and is reported', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await expect(page.getByTestId('video-card').first()).toBeVisible();

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__x = 1';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="x" onerror="window.__x = 2">';
    document.body.append(holder);
  });

  await expect
    .poll(violations.events)
    .toContainEqual(expect.stringMatching(/^script-src-elem blocked inline/));
  await expect
    .poll(violations.events)
    .toContainEqual(expect.stringMatching(/^script-src-attr blocked inline/));
  expect(await page.evaluate(() => window.__x)).toBeUndefined();
  // Chromium's console reports the same refusals, so the watcher also hears workers' violations.
  expect(violations.reports().length).toBeGreaterThan(0);
});

test('a live stream plays through hls.js and its worker without a violation', async ({
  browser,
  baseURL,
  signedInUser,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const creatorContext = await browser.newContext();
  const creator = await signedInUser('cspstream', creatorContext);
  const creatorPage = await creatorContext.newPage();
  const creatorStudio = studio(creatorPage);
  await creatorStudio.open();
  await creatorStudio.createStreamKey('CSP stream');
  await creatorStudio.prepareStream('Policy check', 'Playing under the strict CSP');
  const { key: secret } = await creatorStudio.ownKey(creator.userId);

  const viewerPage = await (await browser.newContext()).newPage();
  const violations = await watchViolations(viewerPage);
  const viewer = livePage(viewerPage);
  const encoder = broadcast(baseURL, secret);
  try {
    await viewer.open(creator.username);
    await expect(viewer.player).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    const start = await viewer.currentTime();
    await expect.poll(() => viewer.currentTime(), { timeout: 30_000 }).toBeGreaterThan(start + 1.5);
    // hls.js played from a MediaSource (blob:) with its worker loaded from our origin.
    expect(await viewer.player.evaluate((video: HTMLVideoElement) => video.currentSrc)).toMatch(/^blob:/);
    await violations.expectNone();
  } finally {
    await encoder.stop();
  }
});
