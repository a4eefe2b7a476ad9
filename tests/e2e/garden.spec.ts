import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { GARDEN_RULES, PetSchema, PlantSchema, StarterKitSchema } from '../../schema/garden';
import { runBin } from '../../scripts/lib/run';
import { joinOverHttp, type Member } from '../factories/reel-member';
import { appState } from './apps';
import { test as base } from './fixtures';

/**
 * A platform operator for the test's world: a member made over HTTP and listed in
 * garden_operators the way an operator does it (`wrangler d1 execute` on the local database).
 */
const test = base.extend<{ operator: Member }>({
  operator: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('operator needs a baseURL');
    const member = await joinOverHttp(baseURL, 'operator');
    // A second writer on the app's SQLite file: while the app writes (a relay's ingest, a view
    // from the previous test) wrangler gets SQLITE_BUSY and, unlike the app, sets no busy timeout.
    // Waiting and writing again is SQLite's own remedy; any other failure fails every attempt.
    const addOperator = () =>
      runBin(
        'wrangler',
        [
          'd1',
          'execute',
          'DB',
          '--local',
          '--persist-to',
          appState(Number(new URL(baseURL).port)),
          '--command',
          `INSERT INTO garden_operators (address, added_at) VALUES ('${member.address}', '${new Date().toISOString()}')`,
        ],
        { quiet: true },
      );
    await expect(addOperator).toPass({ intervals: [250, 500, 1000], timeout: 30_000 });
    await use(member);
  },
});

/* Page objects of the garden screen and the pet panel. */
const garden = (page: Page) => ({
  tab: (name: string) => page.getByRole('tab', { name, exact: true }),
  seeds: page.getByTestId('garden-seeds').getByRole('listitem'),
  pots: page.getByTestId('garden-pots').getByRole('listitem'),
  items: page.getByTestId('garden-items').getByRole('listitem'),
  pets: page.getByTestId('garden-pets').getByRole('listitem'),
  button: (name: string) => page.getByRole('button', { name, exact: true }),
});
const petPanel = (page: Page) => page.getByTestId('pet-panel');

/**
 * Waits until the current short plays. It then plays to its end in real time (the demo's shorts
 * last 5 to 12 s): the server counts a completion only once 80 % of its length has passed since
 * the view began, so skipping to the end would grow nothing.
 */
const watchCurrentShort = async (page: Page) => {
  const player = page.getByTestId('short-player');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && !v.paused))
    .toBe(true);
};
/** Longer than the longest demo short, with room for the next one to load. */
const SHORT_PLAYED = { timeout: 30_000 };

test('the garden: starter kit, plant, grow by watching, harvest, evolve to a pet', async ({
  page,
  operator,
  signedInUser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { address } = await signedInUser('gardener');
  const g = garden(page);

  // First visit: the starter kit (3 seeds, 1 pot).
  await page.goto('/graden');
  await expect(g.tab('Items')).toBeVisible();
  await expect(g.tab('Pets')).toBeVisible();
  await expect(g.seeds).toHaveCount(3);
  await g.tab('Pots').click();
  await expect(g.pots).toHaveCount(1);

  // Select the pot, Use it; select a seed, Plant it: the seed leaves the list.
  await g.pots.first().getByRole('button').first().click();
  await g.button('Use').click();
  await expect(g.seeds).toHaveCount(3);
  await g.seeds.first().getByRole('button').first().click();
  await g.button('Plant').click();
  await expect(g.seeds).toHaveCount(2);
  // The seed leaves the list at once (optimistic); the browser remembers it once the server planted it.
  const planted = () => page.evaluate(() => localStorage.getItem('reel.garden.planted-seeds'));
  await expect.poll(async () => JSON.parse((await planted()) ?? '[]')).toHaveLength(1);
  await g.tab('Pots').click();
  await expect(g.pots.first()).toContainText('Stage 1: Sprout');
  await expect(g.pots.first()).toContainText('Growing');

  // Watching shorts on /reels grows it: the pet panel's progress moves with each short watched to its end.
  await page.goto('/reels');
  const panel = petPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('garden-percent')).toHaveText('0%');
  await watchCurrentShort(page);
  await expect(panel.getByTestId('garden-percent')).toHaveText('5%', SHORT_PLAYED);
  await watchCurrentShort(page);
  await expect(panel.getByTestId('garden-percent')).toHaveText('10%', SHORT_PLAYED);

  // The platform shortens its grow duration (test fixture): it is ready to harvest.
  const plants = await page.request.get(`/api/garden/plant/owner/${address}`);
  const plantAddr = (
    (await plants.json()) as { data: { address: string; potAddress: string | null }[] }
  ).data.find((plant) => plant.potAddress)?.address;
  const tuned = await operator.call('/api/garden/plant/set-grow-duration', 'POST', {
    plantAddr,
    duration: 1,
  });
  expect(tuned.status).toBe(200);

  await page.goto('/graden');
  await g.tab('Pots').click();
  await expect(g.pots.first()).toContainText('Ready to Harvest');
  await expect(g.pots.first()).toContainText('Stage 4: Ready');
  await g.button('Harvest').click();
  await expect(g.pots.first()).toContainText('Empty');

  // Harvest gave 2 new seeds; the harvested plant (stage 5) evolves into a pet.
  await g.tab('Seeds').click();
  await expect(g.seeds).toHaveCount(5);
  await expect(page.getByText('Stage 5: Evolve to Pet')).toBeVisible();
  await g.button('Evolve to Pet').click();
  await expect(g.seeds).toHaveCount(4);

  // Checked again after a reload: the pet is in the panel beside the feed.
  await page.goto('/reels');
  await expect(petPanel(page).getByTestId('pet-active')).toContainText('Seed Pet');
  await page.reload();
  await expect(petPanel(page).getByTestId('pet-active')).toContainText('Seed Pet');
});

/** Serious or critical axe findings on the page as it stands, one line a rule. */
const seriousViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
};

/** Makes a ready plant through the platform's tuning call, the way an operator shortens a grow time. */
const makeReady = async (operator: Member, plantAddr: string) => {
  const tuned = await operator.call('/api/garden/plant/set-grow-duration', 'POST', {
    plantAddr,
    duration: 1,
  });
  expect(tuned.status).toBe(200);
};

test('items and pets: Use leads to planting, an item grows the plant, a stage-5 plant evolves into a pet shown in Pets and beside /reels', async ({
  page,
  operator,
  signedInUser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { address } = await signedInUser('petkeeper');
  const g = garden(page);
  const { effectValue, maxUsage } = GARDEN_RULES.starterItem;

  await page.goto('/graden');
  await expect(page.getByTestId('garden-guide')).toHaveText(
    `Plants grow with time, and each short you watch to the end adds ${GARDEN_RULES.viewGrowthPercent}% ` +
      `(up to ${GARDEN_RULES.viewGrowthDailyCap} shorts a day). Harvest a ready plant for ` +
      `${GARDEN_RULES.harvestSeeds} new seeds; a harvested plant can evolve into a pet.`,
  );
  await expect(g.seeds).toHaveCount(3);

  // The Items tab lists the starter item with its uses; with nothing growing it says what to do.
  await g.tab('Items').click();
  await expect(g.items).toHaveCount(1);
  await expect(g.items.first()).toContainText(`${maxUsage} of ${maxUsage} uses left`);
  await g.items.first().getByRole('button').click();
  await expect(page.getByText('Plant a seed first: items work on growing plants')).toBeVisible();

  // Keyboard: the arrow keys move between tabs. A selected pot's Use leads to planting: the Seeds
  // tab opens with the first seed focused; Enter picks it and Plant plants it in that pot.
  await g.tab('Items').focus();
  await page.keyboard.press('ArrowRight');
  await expect(g.tab('Pots')).toBeFocused();
  await expect(g.tab('Pots')).toHaveAttribute('aria-selected', 'true');
  await g.pots.first().getByRole('button').first().click();
  await g.button('Use').click();
  await expect(g.tab('Seeds')).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: 'Choose a seed to plant in Clay Pot' }),
  ).toBeVisible();
  const firstSeed = g.seeds.first().getByRole('button').first();
  await expect(firstSeed).toBeFocused();
  const seedName = (await g.seeds.first().locator('.garden-card-name').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(firstSeed).toHaveAttribute('aria-pressed', 'true');
  await g.button('Plant').click();
  await expect(g.seeds).toHaveCount(2);

  // The pot shows the plant with a progress bar and the time left.
  await g.tab('Pots').click();
  const bar = page.getByRole('progressbar', { name: `${seedName} growth` });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  await expect(bar).toHaveAttribute('aria-valuetext', /^0%, \d+ h( \d+ min)? left$/);
  expect(await seriousViolations(page)).toEqual([]);

  // Use the potion on the growing plant: one use is spent and the plant is 25 % further.
  await g.tab('Items').click();
  await g.items.first().getByRole('button').click();
  await g.button(`Use on ${seedName}`).click();
  await expect(page.getByTestId('toast')).toContainText(
    `Growth Potion used on ${seedName}: +${effectValue}%`,
  );
  await expect(g.items.first()).toContainText(`${maxUsage - 1} of ${maxUsage} uses left`);
  await g.tab('Pots').click();
  await expect(bar).toHaveAttribute('aria-valuenow', String(effectValue));
  await expect(g.pots.first().getByTestId('garden-percent')).toHaveText(`${effectValue}%`);

  // Ready (the platform's tuning), harvested, then the stage-5 plant evolves into a pet.
  const plants = dataEnvelope(z.array(PlantSchema)).parse(
    await (await page.request.get(`/api/garden/plant/owner/${address}`)).json(),
  ).data;
  const planted = plants.find((p) => p.potAddress);
  if (!planted) throw new Error('nothing planted');
  await makeReady(operator, planted.address);
  await page.reload();
  await g.tab('Pots').click();
  await g.button('Harvest').click();
  await expect(g.pots.first()).toContainText('Empty');
  await g.tab('Seeds').click();
  await expect(page.getByText('Stage 5: Evolve to Pet')).toBeVisible();
  await g.button('Evolve to Pet').click();
  await expect(page.getByText('Stage 5: Evolve to Pet')).toHaveCount(0);

  await g.tab('Pets').click();
  await expect(g.pets).toHaveCount(1);
  await expect(g.pets.first()).toContainText(`${seedName} Pet`);
  await expect(g.pets.first()).toContainText('Active');
  expect(await seriousViolations(page)).toEqual([]);

  // Plant one of the harvest's seeds, then the panel beside /reels shows the pet and what grows.
  await g.tab('Seeds').click();
  await g.seeds.first().getByRole('button').first().click();
  await g.button('Plant').click();
  await page.goto('/reels');
  const panel = petPanel(page);
  await expect(panel.getByTestId('pet-active')).toContainText(`${seedName} Pet`);
  await expect(panel.getByTestId('pet-plants').getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test('the garden fits 360 px in 2 columns, and the pet made through the API is in the Pets tab', async ({
    page,
    operator,
    signedInUser,
  }) => {
    const { address } = await signedInUser('phonepet');
    const post = async (path: string, data: unknown) => {
      const answer = await page.request.post(`/api/garden${path}`, { data });
      expect(answer.status(), path).toBe(200);
      return answer.json();
    };
    const kit = dataEnvelope(StarterKitSchema).parse(await post('/starter-kit', undefined)).data;
    const [pot, seed, second] = [kit.pots[0], kit.plants[0], kit.plants[1]];
    const item = kit.items[0];
    if (!pot || !seed || !second || !item) throw new Error('starter kit incomplete');
    await post('/plant/seed', { potAddr: pot.address, plantAddr: seed.address });
    await makeReady(operator, seed.address);
    // Its one-second grow time passes on the server's clock.
    await expect
      .poll(async () =>
        (
          await page.request.post('/api/garden/plant/harvest', { data: { plantAddr: seed.address } })
        ).status(),
      )
      .toBe(200);
    const pet = dataEnvelope(PetSchema).parse(
      await post('/pet/evolve', { plantAddr: seed.address, receiver: address }),
    ).data;
    await post('/plant/seed', { potAddr: pot.address, plantAddr: second.address });
    await post('/item/use-reduce-grow-time', { itemAddr: item.address, plantAddr: second.address });

    const g = garden(page);
    await page.goto('/graden');
    await expect(g.seeds.first()).toBeVisible();
    const columns = (testId: string) =>
      page
        .getByTestId(testId)
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(await columns('garden-seeds')).toBe(2);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBe(0);

    await g.tab('Pets').tap();
    await expect(g.pets).toHaveCount(1);
    await expect(g.pets.first()).toContainText(pet.name);
    await g.tab('Items').tap();
    await expect(g.items.first()).toContainText(`${item.maxUsage - 1} of ${item.maxUsage} uses left`);
    await g.tab('Pots').tap();
    await expect(page.getByRole('progressbar', { name: `${second.name} growth` })).toHaveAttribute(
      'aria-valuenow',
      String(item.effectValue),
    );
    expect(await overflow()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // From tablet width up the grid has the spec's 3 columns.
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await columns('garden-pots')).toBe(3);
  });
});
