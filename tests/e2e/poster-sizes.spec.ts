import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import { type Video, VideoSchema } from '../../schema/content';
import { MESSAGES } from '../../schema/messages';
import { demo } from './api';
import { test } from './fixtures';

/** A 3 s 1280x720 clip from ffmpeg's test source: wide enough for every video card width. */
function makeWideClip(file: string): void {
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-crf', '36'],
    ...['-movflags', '+faststart'],
    file,
  ]);
}

/** The `srcset` a card gives a video: its poster sizes, narrowest first. */
const srcsetOf = (video: Video) => video.thumbnails.map((size) => `${size.url} ${size.width}w`).join();

test('an upload through the dialog gives its card and its studio row the poster at 320, 480 and 720 px in srcset', async ({
  page,
  signedInUser,
}, info) => {
  const clip = info.outputPath('wide.mp4');
  makeWideClip(clip);
  const { username } = await signedInUser('posters');
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'Your Videos' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await dialog.getByLabel('Video file', { exact: true }).setInputFiles(clip);
  await dialog.getByLabel('Title', { exact: true }).fill('Wide test pattern');
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/videos/upload/file'));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('upload-status')).toHaveText(MESSAGES.upload.success('video'));
  const video = dataEnvelope(VideoSchema).parse(await (await uploaded).json()).data;
  // Chromium encodes WebP, so every size is one.
  expect(video.thumbnails.map((size) => size.width)).toEqual([320, 480, 720]);
  for (const size of video.thumbnails) expect(size.url).toMatch(/^\/media\/images\/[0-9a-f]{64}\.webp$/);

  // The studio's table draws it 120 px wide: it takes the narrowest size, not the whole frame.
  await page.keyboard.press('Escape');
  const row = page.getByTestId('studio-row').filter({ hasText: 'Wide test pattern' }).locator('img');
  await expect(row).toHaveAttribute('srcset', srcsetOf(video));
  await expect(row).toHaveAttribute('sizes', '120px');
  await expect
    .poll(() => row.evaluate((img: HTMLImageElement) => img.currentSrc && new URL(img.currentSrc).pathname))
    .toBe(video.thumbnails[0]?.url);

  await page.goto(`/u/${username}`);
  const poster = page.getByTestId('video-card').filter({ hasText: 'Wide test pattern' }).locator('img');
  await expect(poster).toHaveAttribute('srcset', srcsetOf(video));
  await expect(poster).toHaveAttribute('sizes', /100vw/);
  await expect(poster).toHaveAttribute('src', video.thumbnail);
  const served = await page.request.get(video.thumbnails[0]?.url ?? '');
  expect(served.headers()['content-type']).toBe('image/webp');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

  test('home’s cards pick a poster width by srcset and sizes, and only the first asks for high priority', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('short-card').first()).toBeVisible();
    // Read after the page: other specs may upload meanwhile, and a list only grows at its top.
    const [videos, { items: shorts }] = await Promise.all([
      demo(request).latestVideos(),
      demo(request).firstShortsPage(),
    ]);
    const cards = [
      ...(await page.getByTestId('short-card').all()).map((card) => ({
        card,
        poster: 'img.short-card-poster',
        title: '.short-card-title',
      })),
      ...(await page.getByTestId('video-card').all()).map((card) => ({
        card,
        poster: 'img',
        title: '.card-title',
      })),
    ];
    expect(cards.length).toBeGreaterThan(2);
    let sized = 0;
    for (const { card, poster, title } of cards) {
      const name = await card.locator(title).textContent();
      const video = [...shorts, ...videos].find((item) => item.title === name);
      if (!video) throw new Error(`no API record for the card ${name}`);
      // Every card lists its video's sizes (none for a video uploaded without them) for its width.
      await expect(card.locator(poster)).toHaveAttribute('srcset', srcsetOf(video));
      await expect(card.locator(poster)).toHaveAttribute('sizes', /vw/);
      if (video.thumbnails.length >= 2) sized += 1;
    }
    // The seeded ones have two or three sizes each.
    expect(sized).toBeGreaterThan(2);
    const high = page.locator('img[fetchpriority="high"]');
    await expect(high).toHaveCount(1);
    await expect(high).not.toHaveAttribute('loading', 'lazy');
    const first = page.getByTestId('short-card').first().locator('img.short-card-poster');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(page.getByTestId('video-card').first().locator('img')).toHaveAttribute('loading', 'lazy');

    // Half of a 360 px phone at 2x wants about 360 device pixels: a card width, not the full poster.
    const firstTitle = await page
      .getByTestId('short-card')
      .first()
      .locator('.short-card-title')
      .textContent();
    const short = shorts.find((item) => item.title === firstTitle);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe('');
    const chosen = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(short?.thumbnails.map((size) => size.url)).toContain(chosen);
    expect(chosen).not.toBe(short?.thumbnail);
  });
});
