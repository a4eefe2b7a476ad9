import { expect, type Page } from '@playwright/test';

/* Page objects for the shared top bar: what a visitor and a signed-in user see and click. */

/** The top bar as a signed-out or signed-in visitor sees it. */
export const topBar = (page: Page) => ({
  signIn: page.getByRole('button', { name: 'Sign In', exact: true }),
  accountMenu: (label: string) => page.getByRole('button', { name: label, exact: true }),
  logout: page.getByRole('button', { name: 'Logout' }),
  async navLinks() {
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = {
      studio: nav.getByRole('link', { name: 'Studio' }),
      livestream: nav.getByRole('link', { name: 'Livestream' }),
    };
    await expect(nav.getByRole('link', { name: 'Reels' })).toBeVisible();
    return links;
  },
});

/** Signs in from the UI with the Reel Dev Wallet (local chain builds only). */
export async function signInWithDevWallet(page: Page) {
  await topBar(page).signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
  await dialog.getByRole('button', { name: 'Reel Dev Wallet' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits until the page knows who is signed in: the account menu shows `fullName`. A new context's
 * first page learns it from `GET /api/auth/me` (later pages read it from the saved query cache);
 * until then a tap on Like, Follow, Share or Tip Now waits for that answer (offline, for the network).
 */
export async function untilSignedIn(page: Page, fullName: string) {
  await expect(topBar(page).accountMenu(fullName)).toBeVisible();
}

/**
 * Holds the page's answer to "who is signed in" (`/api/auth/me`, asked as it starts) until the
 * returned function is called: what a tap or the layout does before the page knows.
 */
export async function holdSessionAnswer(page: Page): Promise<() => void> {
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  return answer;
}
