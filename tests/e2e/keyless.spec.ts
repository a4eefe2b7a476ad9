import { expect, type Page } from '@playwright/test';
import { nullable } from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { KeylessConfigSchema, SessionInfoSchema } from '../../schema/auth';
import { MESSAGES } from '../../schema/messages';
import { test } from './fixtures';

/** Who `GET /api/auth/me` says is signed in, with the page's cookies. */
const whoAmI = async (page: Page) =>
  dataEnvelope(nullable(SessionInfoSchema)).parse(await (await page.request.get('/api/auth/me')).json()).data;

/** Records every text /callback's status line shows, however briefly (it goes home at once). */
const recordCallbackStatuses = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { callbackStatuses: seen });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="callback-status"]')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });

const seenStatuses = (page: Page) =>
  page.evaluate(() => (window as unknown as { callbackStatuses: string[] }).callbackStatuses);

/** The dev identity provider's page, as a person uses it. */
const devProvider = (page: Page) => ({
  continueAs: async (email?: string) => {
    await expect(page.getByRole('heading', { name: 'Reel dev sign-in' })).toBeVisible();
    if (email) await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue as Demo Person' }).click();
  },
});

/** Starts a keyless sign-in from /callback's dev entry point and lands back home signed in. */
const signInKeyless = async (page: Page) => {
  // The page leaves for the provider while it loads: wait for the navigation to commit only.
  await page.goto('/callback?start=keyless', { waitUntil: 'commit' });
  await page.waitForURL(/\/dev-oidc\/authorize\?/);
  await devProvider(page).continueAs();
  await page.waitForURL((url) => url.pathname === '/');
};

test('keyless sign-in through the dev provider lands signed in at home and survives a reload', async ({
  page,
}) => {
  await recordCallbackStatuses(page);
  expect(await whoAmI(page)).toBeNull();

  await signInKeyless(page);
  expect(new URL(page.url()).hash).toBe('');
  const statuses = await seenStatuses(page);
  expect(statuses).toContain(MESSAGES.callback.processing);
  expect(statuses.at(-1)).toBe(MESSAGES.callback.success);

  const me = await whoAmI(page);
  expect(me).toMatchObject({ method: 'keyless', user: null });
  expect(me?.address).toMatch(/^0x[0-9a-f]{64}$/);

  await page.reload();
  expect(await whoAmI(page)).toEqual(me);

  // The same person signing in again gets the same keyless account.
  await signInKeyless(page);
  expect((await whoAmI(page))?.address).toBe(me?.address);
});

test('/callback without a token says so and goes home after about 3 seconds', async ({ page }) => {
  const startedAt = Date.now();
  await page.goto('/callback');
  await expect(page.getByTestId('callback-status')).toHaveText(MESSAGES.callback.noToken);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 8000 });
  // The 3 s start when the message shows, which is after the navigation started.
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
});

test('/callback refuses a token it cannot decode or has no ephemeral key for', async ({ page }) => {
  await page.goto('/callback#id_token=not-a-jwt');
  await expect(page.getByTestId('callback-status')).toHaveText(MESSAGES.login.invalidToken);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });

  // A genuine token, but issued for a nonce this browser never made.
  const origin = new URL(page.url()).origin;
  const config = dataEnvelope(KeylessConfigSchema).parse(
    await (await page.request.get('/api/auth/keyless/config')).json(),
  ).data;
  const response = await page.request.post('/dev-oidc/authorize', {
    form: {
      client_id: config.clientId,
      redirect_uri: `${origin}/callback`,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'a-nonce-from-elsewhere',
      email: 'demo@reel.local',
    },
    maxRedirects: 0,
  });
  const location = response.headers().location ?? '';
  await page.goto(location.replace(origin, ''));
  await expect(page.getByTestId('callback-status')).toHaveText(MESSAGES.login.noEphemeralKey);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
  expect(await whoAmI(page)).toBeNull();
});

test('the keyless session is restored at start when the cookie is gone, but not after Logout', async ({
  page,
  context,
}) => {
  await signInKeyless(page);
  const me = await whoAmI(page);
  const restoreOutcome = () => page.locator('html').getAttribute('data-keyless-restore');

  await context.clearCookies();
  await page.reload();
  const mounted = await page
    .waitForSelector('html[data-keyless-restore]', { state: 'attached', timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  expect(mounted, 'the keyless restore marks <html> once it has decided').toBe(true);
  expect(await restoreOutcome()).toBe('restored');
  expect(await whoAmI(page)).toEqual(me);

  // Log out as a person would: this keyless account has no profile yet, so the registration
  // dialog is up and offers Log out. The logged-out flag then stops any automatic restore.
  await page
    .getByRole('dialog', { name: 'Create your profile' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect.poll(() => whoAmI(page)).toBeNull();
  await page.reload();
  await expect.poll(restoreOutcome).toBe('skipped');
  expect(await whoAmI(page)).toBeNull();
});
