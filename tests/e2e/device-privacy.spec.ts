import { expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { TransactionSchema } from '../../schema/money';
import { test } from './fixtures';
import { studio } from './pages/live';
import { topBar } from './pages/top-bar';
import { walletPage } from './pages/wallet';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/**
 * Everything this origin keeps on the device, read the way any script on the page could: every
 * Cache Storage entry (URL and body), every IndexedDB database (every store's keys and values) and
 * both Web Storages, as `[where, text]` pairs.
 */
const readDevice = (page: Page) =>
  page.evaluate(async () => {
    const parts: Array<[string, string]> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        parts.push([`cache ${name} ${request.url}`, `${request.url} ${(await response?.text()) ?? ''}`]);
      }
    }
    const readAll = (db: IDBDatabase, store: string) =>
      new Promise<unknown>((resolve, reject) => {
        const objectStore = db.transaction(store, 'readonly').objectStore(store);
        const keys = objectStore.getAllKeys();
        const values = objectStore.getAll();
        values.onsuccess = () => resolve({ keys: keys.result, values: values.result });
        values.onerror = () => reject(values.error);
      });
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        parts.push([`indexedDB ${name}/${store}`, JSON.stringify(await readAll(db, store))]);
      }
      db.close();
    }
    parts.push(['localStorage', JSON.stringify({ ...localStorage })]);
    parts.push(['sessionStorage', JSON.stringify({ ...sessionStorage })]);
    return parts;
  });

/** Where on the device each of `secrets` was found (empty when nowhere). */
const leaksOf = (device: Array<[string, string]>, secrets: string[]) =>
  secrets.flatMap((secret) =>
    device
      .filter(([, text]) => text.includes(secret))
      .map(([where]) => `${secret.slice(0, 12)}… in ${where}`),
  );

test('the stream key and the money history never reach the device, and logout clears every store', async ({
  page,
  signedInUser,
}) => {
  test.setTimeout(90_000);
  const creator = await signedInUser('private');
  await page.goto('/');
  await untilControlled(page);

  // A stream key (its secret) and one deposit (a transaction with its hash), made the app's way.
  const created = await page.request.post('/api/stream-keys', {
    data: { name: 'Private key', userId: creator.userId },
  });
  expect(created.status()).toBe(201);
  const wallet = walletPage(page);
  await wallet.open();
  await wallet.buy(0.5);
  await expect(wallet.payment).toHaveAccessibleName('Deposit Successful');
  await wallet.payment.getByRole('button', { name: 'Done' }).click();
  const history = await page.request.get(`/api/transactions/user/${creator.userId}`);
  const transactions = dataEnvelope(z.array(TransactionSchema)).parse(await history.json()).data;
  expect(transactions).toHaveLength(1);
  const secrets = transactions.flatMap((row) => [row.id, row.txHash ?? '']);

  // The studio with its configuration dialog (the secret), then the wallet's history.
  const creatorStudio = studio(page);
  await creatorStudio.open();
  const key = (await creatorStudio.ownKey(creator.userId)).key;
  secrets.push(key);
  await expect(creatorStudio.maskedKey).toHaveText(`${key.slice(0, 12)}…${key.slice(-4)}`);
  await page.getByRole('button', { name: 'Configuration' }).click();
  await expect(page.getByTestId('config-dialog').getByTestId('ffmpeg-command')).toBeVisible();
  await page.keyboard.press('Escape');
  await wallet.open();
  await wallet.openHistory();
  await expect(wallet.historyRows).toHaveCount(1);
  await wallet.closeDialog(wallet.history);

  // Their own profile: public reads the service worker keeps, named by the username and the id.
  await page.goto(`/u/${creator.username}`);
  await expect(page.getByRole('heading', { name: creator.fullName })).toBeVisible();

  // The garden: a pot chosen with Use and a seed planted, which this browser remembers.
  await page.goto('/graden');
  const seeds = page.getByTestId('garden-seeds').getByRole('listitem');
  await expect(seeds).toHaveCount(3);
  await page.getByRole('tab', { name: 'Pots', exact: true }).click();
  await page.getByTestId('garden-pots').getByRole('listitem').first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Use', exact: true }).click();
  await seeds.first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Plant', exact: true }).click();
  await expect(seeds).toHaveCount(2);
  const gardenAddresses: string[] = [];
  for (const kind of ['pot', 'plant']) {
    const owned = await page.request.get(`/api/garden/${kind}/addresses/${creator.address}`);
    gardenAddresses.push(...dataEnvelope(z.array(z.string())).parse(await owned.json()).data);
  }
  expect(gardenAddresses.length).toBeGreaterThanOrEqual(2);
  // The persisted query cache is written at most once a second.
  await page.waitForTimeout(2500);

  const whileSignedIn = await readDevice(page);
  // The reader does see what the device keeps: the persisted query cache is there.
  expect(whileSignedIn.map(([where]) => where)).toContain('indexedDB reel-query/cache');
  expect(leaksOf(whileSignedIn, secrets)).toEqual([]);

  const bar = topBar(page);
  await bar.accountMenu('private tester').click();
  await bar.logout.click();
  await expect(bar.signIn).toBeVisible();
  await page.waitForTimeout(2500);

  const afterLogout = await readDevice(page);
  // Nothing of the signed-out user stays: not who they were (name, id: the service worker's
  // cache-expiry records name URLs like /api/videos/user/<id>), nor what their garden holds.
  expect(leaksOf(afterLogout, [...secrets, creator.username, creator.userId, ...gardenAddresses])).toEqual(
    [],
  );
});
