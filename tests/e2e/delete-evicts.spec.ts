import { expect, type Page } from '@playwright/test';
import type { Video } from '../../schema/content';
import { MESSAGES } from '../../schema/messages';
import { longClipParts, uploadOverApi } from './api';
import { test } from './fixtures';
import { untilControlled, withServiceWorker } from './service-worker';
import { makeLongClip } from './test-media';

test.use(withServiceWorker);

/** What this device keeps that names the video: kept files, their index, saved answers, pictures, the saved query cache. */
const deviceCopies = (page: Page, video: Video) =>
  page.evaluate(
    async ({ id, videoUrl, pictures }) => {
      const paths = async (name: string) =>
        (await caches.has(name))
          ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)
          : [];
      const answersNaming = async () => {
        if (!(await caches.has('reel-api-public-v2'))) return 0;
        const cache = await caches.open('reel-api-public-v2');
        let naming = 0;
        for (const request of await cache.keys()) {
          const body = await (await cache.match(request))?.text();
          if (request.url.includes(id) || body?.includes(id)) naming += 1;
        }
        return naming;
      };
      const idbValue = (db: string, store: string, key: string) =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open(db);
          open.onerror = () => resolve(undefined);
          open.onsuccess = () => {
            const conn = open.result;
            if (!conn.objectStoreNames.contains(store)) return resolve(undefined);
            const get = conn.transaction(store).objectStore(store).get(key);
            get.onsuccess = () => resolve(get.result);
            get.onerror = () => resolve(undefined);
          };
        });
      return {
        keptFile: (await paths('reel-media-video-v1')).includes(videoUrl),
        keptIndex: (await idbValue('reel-offline-media', 'items', id)) !== undefined,
        savedAnswers: await answersNaming(),
        pictures: (await paths('reel-media-images')).filter((path) => pictures.includes(path)).length,
        savedQueries: JSON.stringify(
          (await idbValue('reel-query', 'cache', 'tanstack-query')) ?? '',
        ).includes(id),
      };
    },
    {
      id: video.id,
      videoUrl: video.videoUrl,
      pictures: [video.thumbnail, ...video.thumbnails.map((s) => s.url)],
    },
  );

test('a video its creator deletes no longer plays from the device: kept file, saved answers, pictures and queries go', async ({
  page,
  context,
  signedInUser,
}, info) => {
  test.setTimeout(120_000);
  const { userId, username } = await signedInUser('deleter');
  const clip = info.outputPath('long.mp4');
  makeLongClip(clip);
  const video = await uploadOverApi(page.request, {
    userId,
    title: 'Soon deleted take',
    ...(await longClipParts(clip, { posters: true })),
  });
  expect(video.thumbnails).toHaveLength(1);

  // Watched, kept for offline, and seen on the creator's profile: every store holds something of it.
  await page.goto(`/v/${video.id}`);
  await untilControlled(page);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved for offline' })).toBeVisible();
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('video-card').filter({ hasText: video.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => deviceCopies(page, video))
    .toEqual({
      keptFile: true,
      keptIndex: true,
      savedAnswers: expect.any(Number),
      pictures: expect.any(Number),
      savedQueries: true,
    });
  const before = await deviceCopies(page, video);
  expect(before.savedAnswers).toBeGreaterThan(0);
  expect(before.pictures).toBeGreaterThan(0);

  await page.goto('/studio');
  const row = page.getByTestId('studio-row').filter({ hasText: video.title });
  await row.getByRole('button', { name: `Actions for ${video.title}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete video' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByTestId('toast').filter({ hasText: MESSAGES.delete.success }).first()).toBeVisible();

  await expect
    .poll(() => deviceCopies(page, video))
    .toEqual({ keptFile: false, keptIndex: false, savedAnswers: 0, pictures: 0, savedQueries: false });

  // Offline, nothing on the device brings it back: no watch page, no download, no card.
  await context.setOffline(true);
  await page.goto(`/v/${video.id}`);
  await expect(page.getByTestId('video-not-found')).toBeVisible();
  await expect(page.getByTestId('video-player')).toHaveCount(0);
  await page.goto('/downloads');
  await expect(page.getByText('Nothing saved for offline yet.')).toBeVisible();
  await page.goto(`/u/${username}`);
  await expect(page.getByTestId('profile-header')).toBeVisible();
  await expect(page.getByTestId('video-card').filter({ hasText: video.title })).toHaveCount(0);
  await context.setOffline(false);
});
