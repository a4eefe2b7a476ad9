import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import { VIDEO_DESCRIPTION_MAX_LENGTH, VIDEO_TITLE_MAX_LENGTH, VideoSchema } from '../../schema/content';
import { filePart, longClipParts, uploadOverApi } from './api';
import { test } from './fixtures';
import { makeLongClip } from './test-media';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const videoAnswer = dataEnvelope(VideoSchema);

const readVideo = async (page: Page, id: string) =>
  videoAnswer.parse(await (await page.request.get(`/api/videos/${id}`)).json()).data;

test('a creator fixes a title and picks a frame as thumbnail on a phone; the studio and the watch page show them', async ({
  page,
  signedInUser,
}, info) => {
  test.slow();
  const creator = await signedInUser('editor');
  const clip = info.outputPath('long.mp4');
  makeLongClip(clip);
  const video = await uploadOverApi(page.request, {
    userId: creator.userId,
    title: 'Untitled take',
    ...(await longClipParts(clip, { posters: true })),
  });

  await page.goto('/studio');
  const row = page.getByTestId('studio-row').filter({ hasText: 'Untitled take' });
  await expect(row.locator('img')).toHaveAttribute('src', video.thumbnail);
  // One tap opens the menu, even when bringing its button into view scrolls the table; the open
  // menu follows its button while the page scrolls.
  const actions = row.getByRole('button', { name: 'Actions for Untitled take' });
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await actions.click();
  await expect(edit).toBeVisible();
  await page.evaluate(() => window.scrollBy(0, 24));
  await expect(edit).toBeVisible();
  await expect
    .poll(async () => {
      const [button, menu] = await Promise.all([actions.boundingBox(), edit.boundingBox()]);
      return button && menu ? Math.round(menu.y - (button.y + button.height)) : null;
    })
    .toBeLessThan(40);
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit video' });
  await expect(dialog.getByRole('tab', { name: 'Captions' })).toBeVisible();

  // The same boxes as the upload form's, with the same limits (schema/content.ts).
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveAttribute(
    'maxlength',
    String(VIDEO_TITLE_MAX_LENGTH),
  );
  await expect(dialog.getByLabel('Description')).toHaveAttribute(
    'maxlength',
    String(VIDEO_DESCRIPTION_MAX_LENGTH),
  );
  const title = `Sunrise over the test card ${Date.now()}`;
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Pick a frame' }).click();
  await dialog.getByLabel('Frame', { exact: true }).fill('25');
  const useFrame = dialog.getByRole('button', { name: 'Use this frame' });
  await expect(useFrame).toBeEnabled();
  await useFrame.click();
  const canvas = dialog.getByTestId('edit-thumbnail-canvas');
  await expect(canvas).toBeVisible();
  // The frame was drawn: the test card's bars give many colours, a blank canvas one.
  const colours = await canvas.evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')?.getImageData(0, 0, element.width, element.height) ?? {
      data: [],
    };
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97)
      seen.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
    return seen.size;
  });
  expect(colours).toBeGreaterThan(20);

  // From 390 down to 360 px the dialog stays inside the screen, scrolls within itself, and every
  // control a finger uses is at least 44 px tall (a radio button through its label).
  for (const [width, height] of [
    [390, 844],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height });
    const box = await dialog.boundingBox();
    expect(
      box && box.x >= 0 && box.x + box.width <= width && box.y >= 0 && box.y + box.height <= height,
    ).toBe(true);
    expect(await dialog.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const controls = dialog.locator(
      'button:visible, input:not([type="file"]):not([type="radio"]):visible, label.button:visible, .edit-visibility label',
    );
    for (const control of await controls.all()) {
      const size = await control.boundingBox();
      const what = await control.evaluate((element) => element.outerHTML.slice(0, 80));
      expect(size?.height, `${what} at ${width} px`).toBeGreaterThanOrEqual(44);
      expect((size?.x ?? -1) >= 0 && (size?.x ?? 0) + (size?.width ?? 0) <= width, what).toBe(true);
    }
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await page.screenshot({ path: info.outputPath(`edit-dialog-${width}-top.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  // The open dialog, frame picker and all, has no serious or critical axe violation.
  const { violations } = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Changes saved' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const saved = await readVideo(page, video.id);
  expect(saved.title).toBe(title);
  expect(saved.thumbnail).toMatch(/^\/media\/images\/[0-9a-f]{64}\.jpg$/);
  expect(saved.thumbnail).not.toBe(video.thumbnail);
  // The cards' widths were drawn again from the picked frame, so cards keep their srcset.
  expect(saved.thumbnails.map((size) => size.width)).toEqual([320]);
  expect(saved.thumbnails[0]?.url).not.toBe(video.thumbnails[0]?.url);

  const edited = page.getByTestId('studio-row').filter({ hasText: title });
  await expect(edited.locator('img')).toHaveAttribute('src', saved.thumbnail);
  await page.reload();
  await expect(edited.locator('img')).toHaveAttribute('src', saved.thumbnail);

  await edited.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('video-player')).toHaveAttribute('poster', saved.thumbnail);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a creator gives a short an image as thumbnail and makes it private; the feed no longer lists it', async ({
  page,
  signedInUser,
}, info) => {
  const creator = await signedInUser('editor');
  const short = await uploadOverApi(page.request, {
    userId: creator.userId,
    title: 'Vertical take',
    width: 180,
    height: 320,
    video: await filePart('tests/fixtures/upload/vertical.mp4', 'video/mp4'),
  });
  expect(short.type).toBe('short');
  const image = info.outputPath('cover.png');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=270x480'],
    ...['-frames:v', '1', image],
  ]);

  await page.goto('/studio');
  await page.getByRole('tab', { name: 'Shorts' }).click();
  const row = page.getByTestId('studio-row').filter({ hasText: 'Vertical take' });
  await expect(row.getByRole('cell', { name: 'Public', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Actions for Vertical take' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit short' });
  // Captions are for long videos: a short's dialog has no tabs.
  await expect(dialog.getByRole('tab')).toHaveCount(0);
  await dialog.getByLabel('Upload image').setInputFiles(image);
  await expect(dialog.getByTestId('edit-thumbnail-canvas')).toBeVisible();
  await dialog.getByLabel('Tags').fill('rain, city');
  await dialog.getByText('Private', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(row.getByRole('cell', { name: 'Private', exact: true })).toBeVisible();
  const saved = videoAnswer.parse(
    await (await page.request.get(`/api/videos/shorts/${short.id}`)).json(),
  ).data;
  expect(saved).toMatchObject({ isPublic: false, tags: ['rain', 'city'] });
  expect(saved.thumbnail).toMatch(/^\/media\/images\/[0-9a-f]{64}\.jpg$/);
  // A short's card widths below the 270 px picture, then the picture's own width.
  expect(saved.thumbnails.map((size) => size.width)).toEqual([240, 270]);
  await expect(row.locator('img')).toHaveAttribute('src', saved.thumbnail);
  const feed = await (await page.request.get('/api/videos/shorts')).json();
  expect(JSON.stringify(feed)).not.toContain(short.id);
});
