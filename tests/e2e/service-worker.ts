import { expect, type Page } from '@playwright/test';

/**
 * Resolves once the service worker controls `page`. The worker does not claim pages that loaded
 * before it activated (web/sw.ts), so a page whose last navigation beat the worker's install
 * (precaching takes seconds on a loaded CI machine) would never be controlled: once the worker is
 * ready, such a page is reloaded.
 */
export async function untilControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/**
 * For specs whose subject needs the service worker (offline, caching, install, the CSP of its
 * scripts): playwright.config.ts blocks it everywhere else, where its install and background
 * fetches only slow the run down.
 */
export const withServiceWorker = { serviceWorkers: 'allow' } as const;
