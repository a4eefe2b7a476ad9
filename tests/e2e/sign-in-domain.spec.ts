import { expect, type Page } from '@playwright/test';
import { nullable } from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { SessionInfoSchema } from '../../schema/auth';
import { parseSignInMessage } from '../../schema/siwa';
import { test } from './fixtures';
import { signInWithDevWallet, topBar } from './pages/top-bar';

/** Who the server says is signed in, asked with the page's own cookies. */
async function whoIsSignedIn(page: Page) {
  const response = await page.request.get('/api/auth/me');
  expect(response.ok()).toBe(true);
  return dataEnvelope(nullable(SessionInfoSchema)).parse(await response.json()).data;
}

/** What the page posted to `/api/auth/wallet` while `act` ran. */
async function signInBody(page: Page, act: () => Promise<void>) {
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/auth/wallet') && r.method() === 'POST');
  await act();
  return (await posted).postDataJSON() as Record<string, unknown>;
}

test('the dev wallet signs in through signIn with this host as the domain, and the session works', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await page.goto('/');
  const body = await signInBody(page, () => signInWithDevWallet(page));

  // The sign-in input as the wallet received it (the dev wallet keeps the last one for tests).
  const input = await page.evaluate(() => window.__reelDevWalletSignIn);
  expect(input).toMatchObject({
    domain: new URL(origin).host,
    uri: origin,
    chainId: 'aptos:localnet',
    version: '1',
    nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  expect(new URL(origin).host).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(body).toHaveProperty('signIn');
  expect(body).not.toHaveProperty('fullMessage');

  const session = await whoIsSignedIn(page);
  expect(session).toMatchObject({ method: 'wallet', user: null, address: body.address });
  await page.reload();
  expect((await whoIsSignedIn(page))?.address).toBe(body.address);
  await expect(topBar(page).signIn).toHaveCount(0);
});

test('a wallet without signIn signs the same fields with signMessage, and the session works', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await topBar(page).signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('button', { name: 'Connect Wallet' }).click();
  const devWallet = dialog.getByRole('button', { name: 'Reel Dev Wallet' });
  await expect(devWallet).toBeVisible();
  // Take `aptos:signIn` away from the dev wallet, as from a wallet that predates AIP-116: a registered
  // wallet answers every 'app-ready' event by registering itself with the API the event carries.
  await page.evaluate(() => {
    const register = (wallet: { name: string; features: Record<string, unknown> }) => {
      if (wallet.name === 'Reel Dev Wallet') delete wallet.features['aptos:signIn'];
      return () => undefined;
    };
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }));
  });
  const body = await signInBody(page, () => devWallet.click());
  await expect(dialog).toBeHidden();

  expect(body).not.toHaveProperty('signIn');
  const fullMessage = String(body.fullMessage);
  const signed = parseSignInMessage(
    fullMessage.slice(fullMessage.indexOf('message: ') + 9, fullMessage.lastIndexOf('\nnonce: ')),
  );
  expect(signed).toMatchObject({ domain: new URL(baseURL ?? '').host, chainId: 'aptos:localnet' });
  expect(await whoIsSignedIn(page)).toMatchObject({ method: 'wallet', address: body.address });
});

declare global {
  interface Window {
    __reelDevWalletSignIn?: Record<string, unknown>;
  }
}
