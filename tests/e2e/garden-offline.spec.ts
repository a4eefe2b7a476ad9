import { expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { PlantSchema } from '../../schema/garden';
import { test } from './fixtures';
import { untilControlled, withServiceWorker } from './service-worker';

test.use(withServiceWorker);

/*
 * The garden offline (issue 12): it shows from the saved cache, and a seed planted offline waits in
 * the outbox, survives a reload and is planted once when the network returns.
 */

const garden = (page: Page) => ({
  tab: (name: string) => page.getByRole('tab', { name, exact: true }),
  seeds: page.getByTestId('garden-seeds').getByRole('listitem'),
  pots: page.getByTestId('garden-pots').getByRole('listitem'),
  button: (name: string) => page.getByRole('button', { name, exact: true }),
});

test('a seed planted offline waits in the outbox across a reload and is planted once back online', async ({
  page,
  context,
  signedInUser,
}) => {
  test.setTimeout(90_000);
  const { address } = await signedInUser('offgarden');
  const g = garden(page);
  const plantsInPots = async () => {
    const response = await page.request.get(`/api/garden/plant/owner/${address}`);
    const plants = dataEnvelope(z.array(PlantSchema)).parse(await response.json()).data;
    return plants.filter((plant) => plant.potAddress).map((plant) => plant.address);
  };

  // Online, once the service worker controls the page: the starter kit is granted and the
  // garden's code and answers are kept for offline use.
  await page.goto('/graden');
  await expect(g.seeds).toHaveCount(3);
  await untilControlled(page);
  await page.reload();
  await expect(g.seeds).toHaveCount(3);
  // The cache is saved within a second of the last answer.
  await page.waitForTimeout(1500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(g.seeds).toHaveCount(3);
  await g.tab('Pots').click();
  await expect(g.pots).toHaveCount(1);
  await expect(g.pots.first()).toContainText('Empty');

  // Plant offline: the seed leaves the list and the pot shows it planted, not sent yet.
  await g.tab('Seeds').click();
  const seedName = (await g.seeds.first().locator('.garden-card-name').textContent()) ?? '';
  await g.seeds.first().getByRole('button').first().click();
  await g.button('Plant').click();
  await expect(g.seeds).toHaveCount(2);
  await g.tab('Pots').click();
  await expect(g.pots.first()).toContainText(seedName);
  await expect(g.pots.first()).toContainText('Stage 1: Sprout');
  await expect(g.pots.first().getByTestId('garden-pending')).toBeVisible();
  const outbox = page.getByRole('button', { name: /Waiting to send/ });
  await expect(outbox).toHaveText('1');
  // The failed call pauses the mutation (1 s retry delay) and the cache is saved (1 s throttle).
  await page.waitForTimeout(3000);

  // Reload offline: still planted, still waiting, listed in words.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(outbox).toHaveText('1');
  await outbox.press('Enter');
  const list = page.getByRole('list', { name: 'Waiting to send' });
  await expect(list.getByRole('listitem')).toHaveText([new RegExp(`Plant · ${seedName}`)]);
  await page.keyboard.press('Escape');
  await expect(g.seeds).toHaveCount(2);
  await g.tab('Pots').click();
  await expect(g.pots.first()).toContainText(seedName);
  await expect(g.pots.first().getByTestId('garden-pending')).toBeVisible();

  // Back online: sent, planted once (page and service worker may both send it), nothing waits.
  // Whether the server saw a send while offline is not asked (Chromium's offline emulation can let
  // a service-worker page's POST through while the page sees it fail): a second send is done once.
  await context.setOffline(false);
  await expect.poll(plantsInPots, { timeout: 30_000 }).toHaveLength(1);
  await expect(outbox).toBeHidden();
  await expect(g.pots.first().getByTestId('garden-pending')).toBeHidden();
  await expect(g.pots.first()).toContainText(seedName);
  await page.waitForTimeout(2000);
  expect(await plantsInPots()).toHaveLength(1);
  await page.reload();
  await g.tab('Pots').click();
  await expect(g.pots.first()).toContainText('Growing');
  await g.tab('Seeds').click();
  await expect(g.seeds).toHaveCount(2);
});
