import { expect, type Page } from '@playwright/test';
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
    await use(member);
  },
});

/* Page objects of the garden screen and the pet panel. */
const garden = (page: Page) => ({
  tab: (name: string) => page.getByRole('tab', { name, exact: true }),
  seeds: page.getByTestId('garden-seeds').getByRole('listitem'),
  pots: page.getByTestId('garden-pots').getByRole('listitem'),
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
  await expect(g.tab('Items (coming soon)')).toBeVisible();
  await expect(g.tab('Pets (coming soon)')).toBeVisible();
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
  await expect(petPanel(page).getByTestId('pet-list').getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(petPanel(page).getByTestId('pet-list')).toContainText('Pet');
});
