import { expect } from '@playwright/test';
import { dataEnvelope } from '../../schema/api';
import { ShareStatsSchema } from '../../schema/engagement';
import { demo } from './api';
import { test } from './fixtures';
import { untilSignedIn } from './pages/top-bar';

type SharedData = { url?: string; title?: string };
declare global {
  interface Window {
    sharedWith: SharedData[];
  }
}

test('Share hands the link to the system share sheet where there is one, and records the share', async ({
  page,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  const shareCount = async () =>
    dataEnvelope(ShareStatsSchema).parse(
      await (await request.get(`/api/shares/videos/${video.id}/stats`)).json(),
    ).data.shareCount;
  // A browser with the Web Share API: the first sheet is closed by the user, the second shares.
  await page.addInitScript(() => {
    window.sharedWith = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: SharedData) => {
        window.sharedWith.push(data);
        if (window.sharedWith.length === 1) throw new DOMException('Share canceled', 'AbortError');
      },
    });
  });
  const { fullName } = await signedInUser('sharer');
  const before = await shareCount();

  await page.goto(`/v/${video.id}`);
  await untilSignedIn(page, fullName);
  const share = page.getByRole('button', { name: /Share/ });
  await share.click();
  await expect.poll(() => page.evaluate(() => window.sharedWith.length)).toBe(1);
  await share.click();
  await expect.poll(() => page.evaluate(() => window.sharedWith.length)).toBe(2);
  const url = new URL(`/v/${video.id}`, page.url()).toString();
  expect(await page.evaluate(() => window.sharedWith)).toEqual([
    { title: video.title, url },
    { title: video.title, url },
  ]);
  // The sheet closed unused counts nothing; the one that shared counts once; no clipboard toast.
  await expect.poll(shareCount).toBe(before + 1);
  await expect(page.getByText('URL copied to clipboard!')).toBeHidden();
});

test('Share copies the link where there is no share sheet', async ({
  page,
  context,
  request,
  signedInUser,
}) => {
  const video = await demo(request).latestVideo();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  const { fullName } = await signedInUser('copier');
  await page.goto(`/v/${video.id}`);
  await untilSignedIn(page, fullName);
  await page.getByRole('button', { name: /Share/ }).click();
  await expect(page.getByText('URL copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/v/${video.id}`, page.url()).toString(),
  );
});
