import { expect, type Page } from '@playwright/test';

/**
 * Resolves once the service worker controls `page` and its current load went through the worker.
 * The worker takes a first visit's page when it activates (web/sw.ts), but what that page fetched
 * before was not kept, and specs that go offline next expect the whole page kept: a page whose
 * navigation the worker did not serve (`workerStart` 0) is reloaded once the worker is ready.
 */
export async function untilControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const servedByWorker = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return (navigation?.workerStart ?? 0) > 0;
  });
  if (!servedByWorker) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/**
 * For specs whose subject needs the service worker (offline, caching, install, the CSP of its
 * scripts): playwright.config.ts blocks it everywhere else, where its install and background
 * fetches only slow the run down.
 */
export const withServiceWorker = { serviceWorkers: 'allow' } as const;
