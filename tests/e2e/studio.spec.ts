import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { VIDEO_DESCRIPTION_MAX_LENGTH, VIDEO_TITLE_MAX_LENGTH } from '../../schema/content';
import { MESSAGES } from '../../schema/messages';
import { test } from './fixtures';
import { withServiceWorker } from './service-worker';

test.use(withServiceWorker);

const FIXTURES = 'tests/fixtures/upload';
const MiB = 1024 * 1024;

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

/** The studio page: its upload dialog and its content table. */
const studio = (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  return {
    dialog,
    rows: page.getByTestId('studio-row'),
    status: dialog.getByTestId('upload-status'),
    async open() {
      await page.goto('/studio');
      await expect(page.getByRole('heading', { name: 'Your Videos' })).toBeVisible();
    },
    async fillUpload(files: string, title: string) {
      await page.getByRole('button', { name: 'Upload Video' }).click();
      await dialog.getByLabel('Video file', { exact: true }).setInputFiles(files);
      await dialog.getByLabel('Title', { exact: true }).fill(title);
      await dialog.getByLabel('Description').fill('Made by the studio e2e test.');
    },
  };
};

test('a creator uploads a clip from /studio, watches it on /v/, and deletes it', async ({
  page,
  signedInUser,
}) => {
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'Connect your wallet to upload videos' })).toBeVisible();
  await signedInUser('studio');
  const s = studio(page);
  await s.open();
  await expect(page.getByText('No videos uploaded yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Shorts' }).click();
  await expect(page.getByText('No shorts uploaded yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Upload Video' }).click();
  const upload = s.dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  // The boxes take no more than the server keeps (schema/content.ts), as the Edit dialog's do.
  await expect(s.dialog.getByLabel('Title', { exact: true })).toHaveAttribute(
    'maxlength',
    String(VIDEO_TITLE_MAX_LENGTH),
  );
  await expect(s.dialog.getByLabel('Description')).toHaveAttribute(
    'maxlength',
    String(VIDEO_DESCRIPTION_MAX_LENGTH),
  );
  await s.dialog.getByLabel('Video file', { exact: true }).setInputFiles(`${FIXTURES}/landscape.mp4`);
  await expect(upload).toBeDisabled();
  await s.dialog.getByLabel('Title', { exact: true }).fill('   ');
  await upload.click();
  await expect(s.dialog.getByRole('alert')).toHaveText(MESSAGES.upload.missingFields);
  await s.dialog.getByLabel('Video file', { exact: true }).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a video'),
  });
  await expect(s.dialog.getByRole('alert')).toHaveText(MESSAGES.upload.invalidVideo);

  await s.dialog.getByLabel('Video file', { exact: true }).setInputFiles(`${FIXTURES}/landscape.mp4`);
  const title = `Test pattern ${Date.now()}`;
  await s.dialog.getByLabel('Title', { exact: true }).fill(title);
  await upload.click();
  await expect(s.status).toHaveText(MESSAGES.upload.success('video'));
  // The form clears once the upload succeeds.
  await expect(s.dialog.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(upload).toBeDisabled();
  await s.dialog.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('tab', { name: 'Videos' })).toHaveAttribute('aria-selected', 'true');
  const row = s.rows.filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Public', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'None', exact: true })).toBeVisible();
  await expect(row.getByText('0:03')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{64}\.jpg$/);

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/v\/[^/]+$/);
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect
    .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);

  await s.open();
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit video' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await edit.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete video' });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, MESSAGES.delete.success)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No videos uploaded yet.')).toBeVisible();
});

test('a vertical clip under a minute becomes a short and lists under Shorts', async ({
  page,
  signedInUser,
}) => {
  await signedInUser('studio');
  const s = studio(page);
  await s.open();
  await s.fillUpload(`${FIXTURES}/vertical.mp4`, 'Vertical test pattern');
  await s.dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(s.status).toHaveText(MESSAGES.upload.success('short'));
  await s.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('tab', { name: 'Shorts' })).toHaveAttribute('aria-selected', 'true');
  await expect(s.rows.filter({ hasText: 'Vertical test pattern' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/s\//,
  );
});

test('a large upload goes in parts and resumes after a reload and while offline', async ({
  page,
  context,
  signedInUser,
}, info) => {
  // 21 MiB through storage, a reload, an offline spell and playback: more than the default 30 s.
  test.slow();
  // Over the one-request size: the clip with padding after it (players ignore trailing bytes).
  const clip = await readFile(`${FIXTURES}/landscape.mp4`);
  const big = info.outputPath('long-take.mp4');
  await writeFile(big, Buffer.concat([clip, Buffer.alloc(21 * MiB - clip.length)]));

  await signedInUser('studio');
  const s = studio(page);
  await s.open();

  // Parts go to storage in parallel (the worker's /s3 locally): parts 1 and 3 (8 + 5 of 21 MiB)
  // get through, part 2's PUT gets no answer until the page goes away. Held, not failed: a part
  // that keeps failing gives the whole upload up after its sixth try, 15-31 s in, and on a loaded
  // machine part 3 was not through 30 s in (docs/tests.md, run 25), so the test raced those tries.
  const partTwo = /\/s3\/.*[?&]partNumber=2&/;
  await page.route(partTwo, () => undefined);
  await s.fillUpload(big, 'Resumed long take');
  await s.dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(s.dialog.getByTestId('upload-progress')).toContainText('13.0 MB of 21.0 MB · 61%', {
    timeout: 30_000,
  });
  // Sent is not yet kept: the reload waits until both parts are recorded, as the dialog says.
  await expect(s.dialog.getByTestId('upload-kept')).toHaveText('If it stops, it goes on from 61%.');
  await page.reload();
  await page.unroute(partTwo);
  const sentParts: string[] = [];
  page.on('request', (request) => {
    const part = /\/parts\/(\d+)$/.exec(request.url());
    if (request.method() === 'PUT' && part?.[1]) sentParts.push(part[1]);
  });
  await s.fillUpload(big, 'Resumed long take');
  await expect(s.dialog.getByTestId('upload-resume')).toContainText('61%');

  await context.setOffline(true);
  await s.dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(s.dialog.getByText('You are offline')).toBeVisible();
  await context.setOffline(false);

  await expect(s.status).toHaveText(MESSAGES.upload.success('video'), { timeout: 30_000 });
  expect(sentParts).toEqual(['2']);
  await s.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(s.rows.filter({ hasText: 'Resumed long take' })).toHaveCount(1);
  // The joined parts play: the watch page's video loads its metadata from /media.
  await s.rows.filter({ hasText: 'Resumed long take' }).getByRole('link').first().click();
  await expect
    .poll(
      () =>
        page
          .locator('video')
          .first()
          .evaluate((video: HTMLVideoElement) => video.readyState),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
});
