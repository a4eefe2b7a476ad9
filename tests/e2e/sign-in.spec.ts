import { type BrowserContext, expect, type Page } from '@playwright/test';
import { nullable } from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { SessionInfoSchema } from '../../schema/auth';
import { test } from './fixtures';
import { signInWithDevWallet, topBar } from './pages/top-bar';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Aborts every request that would leave this machine and keeps its URL, to assert there were none. */
async function blockOutsideRequests(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.route(
    (url) => !LOCAL_HOSTS.has(url.hostname),
    (route) => {
      blocked.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return blocked;
}

/** Who the server says is signed in, asked with the page's own cookies. */
async function whoIsSignedIn(page: Page) {
  const response = await page.request.get('/api/auth/me');
  expect(response.ok()).toBe(true);
  return dataEnvelope(nullable(SessionInfoSchema)).parse(await response.json()).data;
}

/** The logged-out flag Logout stores in the keyless store (web/data/keyless-store.ts). */
const loggedOutFlag = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('reel-keyless');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('keyless').objectStore('keyless').get('store');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => resolve((read.result as { loggedOut?: unknown } | undefined)?.loggedOut);
        };
      }),
  );

/** Registers a profile for the signed-in address through the API, as the wizard would. */
async function registerProfile(page: Page, address: string) {
  const fullName = 'Dev Wallet Tester';
  const response = await page.request.post('/api/users', {
    data: {
      username: `dev_${address.slice(2, 12)}`,
      fullName,
      email: 'dev-wallet@example.com',
      description: 'Signed in with the Reel Dev Wallet.',
      avatar: '/media/images/dev-wallet-tester.png',
      aptosAddress: address,
    },
  });
  expect(response.ok()).toBe(true);
  return fullName;
}

test('signs in with the dev wallet, stays signed in across a reload, and logs out for good', async ({
  page,
  context,
}) => {
  const blocked = await blockOutsideRequests(context);
  const bar = topBar(page);
  await page.goto('/');
  await signInWithDevWallet(page);

  const session = await whoIsSignedIn(page);
  expect(session).toMatchObject({ method: 'wallet', user: null });
  const address = session?.address ?? '';
  expect(address).toMatch(/^0x[0-9a-f]{64}$/);
  // No profile yet: the menu shows the address as 0x1234…abcd and offers only Logout. (Registration
  // opens over the page for such a user, so the closed menu's items are read from the DOM.)
  const shortMenu = bar.accountMenu(`${address.slice(0, 6)}…${address.slice(-4)}`);
  await expect(shortMenu).toBeVisible();
  await expect(bar.signIn).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout', includeHidden: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'View Profile', includeHidden: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Wallet', exact: true, includeHidden: true })).toHaveCount(0);

  await page.reload();
  await expect(shortMenu).toBeVisible();
  expect((await whoIsSignedIn(page))?.address).toBe(address);

  // With a profile, the menu shows the full name and adds View Profile and Wallet.
  const fullName = await registerProfile(page, address);
  await page.reload();
  const menu = bar.accountMenu(fullName);
  // The profile's avatar URL names no stored image: the menu shows the initial instead of a broken picture.
  await expect(menu.locator('.avatar-fallback')).toHaveText('D');
  await expect(menu.locator('img')).toHaveCount(0);
  await menu.click();
  await expect(page.getByRole('link', { name: 'View Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wallet', exact: true })).toBeVisible();
  await expect(bar.logout).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar.logout).toBeHidden();
  await expect(menu).toBeFocused();

  const signedInLinks = await bar.navLinks();
  await expect(signedInLinks.studio).toBeVisible();
  await expect(signedInLinks.livestream).toBeVisible();
  await page.keyboard.press('Escape');

  await menu.click();
  await bar.logout.click();
  await expect(bar.signIn).toBeVisible();
  await expect(menu).toHaveCount(0);
  expect(await whoIsSignedIn(page)).toBeNull();
  expect(await loggedOutFlag(page)).toBe(true);

  await page.reload();
  await expect(bar.signIn).toBeVisible();
  await expect(menu).toHaveCount(0);
  const visitorLinks = await bar.navLinks();
  await expect(visitorLinks.studio).toHaveCount(0);
  await expect(visitorLinks.livestream).toHaveCount(0);

  expect(blocked).toEqual([]);
});

test('a sign-in the server refuses shows why and leaves the visitor signed out', async ({
  page,
  context,
}) => {
  const blocked = await blockOutsideRequests(context);
  await page.route('**/api/auth/wallet', (route) =>
    route.fulfill({
      status: 401,
      json: { error: { code: 'unauthorized', message: 'Invalid signature' } },
    }),
  );
  await page.goto('/');
  await topBar(page).signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
  await dialog.getByRole('button', { name: 'Reel Dev Wallet' }).click();

  await expect(dialog.getByTestId('toast')).toContainText('Sign-in failed: Invalid signature');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reel Dev Wallet' })).toBeEnabled();
  expect(await whoIsSignedIn(page)).toBeNull();
  expect(blocked).toEqual([]);
});
