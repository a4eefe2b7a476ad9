import { ed25519 } from '@noble/curves/ed25519.js';
import { type BrowserContext, test as base } from '@playwright/test';
import { COIN_UNIT } from '../../schema/constants';
import { DEV_WALLET_FUNDING_APT } from '../../web/features/wallet/dev-wallet-faucet';
import { DEV_WALLET_NAME } from '../../web/features/wallet/dev-wallet-name';
import { expectOk, signUpOverHttp } from '../factories/http-user';
import { makeWallet } from '../factories/wallet';
import { appUrl } from './apps';
import { stockAvatar } from './pages/accounts';

/** A registered user whose session a browser context holds. */
export type SignedInUser = { username: string; userId: string; address: string; fullName: string };

type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

const SAME_SITE: Record<string, Cookie['sameSite']> = { strict: 'Strict', lax: 'Lax', none: 'None' };

/** A Set-Cookie line as a browser on `origin` keeps it: host-only, with the line's own attributes. */
function browserCookie(line: string, origin: URL): Cookie {
  const [pair = '', ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  const attribute = new Map(
    attributes.map((part) => {
      const [key = '', value = ''] = part.trim().split('=');
      return [key.toLowerCase(), value] as const;
    }),
  );
  const maxAge = attribute.get('max-age');
  return {
    name: pair.slice(0, at).trim(),
    value: pair.slice(at + 1).trim(),
    domain: origin.hostname,
    path: attribute.get('path') || '/',
    httpOnly: attribute.has('httponly'),
    secure: attribute.has('secure'),
    // Chromium's default for a cookie that names none.
    sameSite: SAME_SITE[attribute.get('samesite')?.toLowerCase() ?? ''] ?? 'Lax',
    expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge) : -1,
  };
}

/** Gives `address` the APT the dev wallet's first connect gets from the local faucet (dev-wallet-faucet.ts). */
async function fundAsDevWallet(baseURL: string, address: string) {
  const query = new URLSearchParams({ address, amount: String(DEV_WALLET_FUNDING_APT * COIN_UNIT) });
  await expectOk(
    await fetch(new URL(`/localnet/faucet/mint?${query}`, baseURL), { method: 'POST' }),
    'faucet',
  );
}

/**
 * Runs in every page of the context before the app: leaves what signing in with the Reel Dev Wallet
 * leaves in a browser, the wallet's key in its IndexedDB store (web/data/dev-wallet-store.ts), marked
 * funded, and the wallet adapter's note of the wallet used (its `AptosWalletName`), so a payment
 * reconnects that wallet (web/features/wallet-page/wallet-connection.ts) and the wallet page names
 * it. Nothing is written where something already is.
 */
function keepDevWallet({ origin, key, walletName }: { origin: string; key: number[]; walletName: string }) {
  if (location.origin !== origin) return;
  if (localStorage.getItem('AptosWalletName') === null) localStorage.setItem('AptosWalletName', walletName);
  const open = indexedDB.open('reel-dev-wallet');
  open.onupgradeneeded = () => open.result.createObjectStore('keys');
  open.onsuccess = () => {
    const db = open.result;
    const keys = db.transaction('keys', 'readwrite').objectStore('keys');
    const saved = keys.get('key');
    saved.onsuccess = () => {
      if (saved.result !== undefined) return;
      keys.put(new Uint8Array(key), 'key');
      keys.put(true, 'funded');
    };
    keys.transaction.oncomplete = () => db.close();
  };
}

/** Every spec's `test`: its pages, requests and users go to the app of the worker it runs in. */
export const test = base.extend<{
  /**
   * Registers a new user through the API (a fresh dev-wallet key signed in over HTTP and funded by
   * the local faucet, a seeded creator's avatar so no picture fails on anyone's page) and gives
   * `context` (the test's own by default) its session cookie and its dev wallet, so its pages open
   * signed in, as after the UI's sign-in. The username is `prefix_` and 8 random characters, as long
   * as the UI sign-in's names were (longer ones overflow the watch and live pages at 360 px, a bug of
   * its own); the full name is `${prefix} tester`.
   */
  signedInUser: (prefix: string, context?: BrowserContext) => Promise<SignedInUser>;
  /**
   * Closes, after each test, every browser context the test opened with `browser.newContext()`
   * (Playwright closes only its own `context`). The worker's browser outlives the test, so a context
   * left open keeps its pages running for the rest of the run: in one CI run two watch pages left by
   * comment-moderation.spec.ts sent 4,100 view updates over 20 minutes, and their worker's app
   * answered a live status in 9 s (webrtc-relay.spec.ts then timed out). Closing here also covers a
   * test that fails before its own `close()`.
   */
  closeOpenedContexts: undefined;
}>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(appUrl(testInfo.parallelIndex));
  },
  signedInUser: async ({ context: ownContext, baseURL }, use) => {
    if (!baseURL) throw new Error('signedInUser needs a baseURL');
    const origin = new URL(baseURL);
    let avatar: Promise<string> | undefined;
    await use(async (prefix, context = ownContext) => {
      avatar ??= stockAvatar(context.request);
      const secretKey = ed25519.utils.randomSecretKey();
      const wallet = makeWallet(secretKey);
      const fullName = `${prefix} tester`;
      const profile = {
        prefix: `${prefix}_`,
        fullName,
        description: `A ${prefix} user made by a browser test.`,
        avatar: await avatar,
      };
      const [user] = await Promise.all([
        signUpOverHttp(baseURL, profile, wallet),
        fundAsDevWallet(baseURL, wallet.address),
      ]);
      await context.addCookies(user.setCookies.map((line) => browserCookie(line, origin)));
      await context.addInitScript(keepDevWallet, {
        origin: origin.origin,
        key: [...secretKey],
        walletName: DEV_WALLET_NAME,
      });
      return { username: user.username, userId: user.userId, address: user.address, fullName };
    });
  },
});
