import { expect, test } from '@playwright/test';
import { signInAsNewUser } from './pages/accounts';
import { broadcast } from './pages/live';

/**
 * Replays (issue 13.7): a short real broadcast that ends by itself (ffmpeg writes ENDLIST at the
 * end of its input) becomes a past broadcast on the creator's profile, plays as VOD, and its owner
 * deletes it from the studio.
 */
test('an ended broadcast is listed under Past broadcasts, plays, and its owner deletes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');
  const { userId, username } = await signInAsNewUser(page, 'replay');
  const created = await page.request.post('/api/stream-keys', { data: { name: 'Main', userId } });
  expect(created.status()).toBe(201);
  const { data: key } = (await created.json()) as { data: { id: string; key: string } };
  const session = await page.request.post('/api/sessions', {
    data: { streamKeyId: key.id, title: 'Replay night', description: '' },
  });
  expect(session.status()).toBe(201);

  // 8 s of picture: four 2 s segments, then ffmpeg closes its playlist with ENDLIST and exits.
  const encoder = broadcast(baseURL, key.key, 8);
  await expect
    .poll(
      async () => {
        const replays = await page.request.get(`/api/sessions/replays/user/${userId}`);
        return ((await replays.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(1);
  await encoder.stop();
  expect(encoder.errors()).toBe('');

  await page.goto(`/u/${username}`);
  const section = page.getByTestId('past-broadcasts');
  await expect(section.getByRole('heading', { name: 'Past broadcasts' })).toBeVisible({ timeout: 30_000 });
  const card = section.getByTestId('replay-card').filter({ hasText: 'Replay night' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('replay-duration')).toHaveText(/^0:0[6-9]$/);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/replay\//);
  await expect(page.getByTestId('replay-title')).toHaveText('Replay night');
  const player = page.getByTestId('live-player');
  await expect(player).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await player.evaluate((video: HTMLVideoElement) => video.play());
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);

  await page.goto('/studio');
  const studioCard = page
    .getByTestId('past-broadcasts')
    .getByTestId('replay-card')
    .filter({ hasText: 'Replay night' });
  await expect(studioCard).toBeVisible({ timeout: 30_000 });
  await studioCard.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this broadcast?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(studioCard).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('past-broadcasts')).toContainText('No past broadcasts yet', {
    timeout: 30_000,
  });
});
