import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { uploadOverApi } from './api';
import { type SignedInUser, test } from './fixtures';
import { createStreamKey } from './live-api';
import { untilSignedIn } from './pages/top-bar';

/**
 * Comments on the creator's own content (issue 24 §2), on the watch page: the creator pins one
 * comment (it moves first, labelled) and deletes a fan's; a comment with one of the creator's
 * blocked terms is held: its author sees it marked, nobody else does, the creator approves it.
 */

/** Uploads a small public long video as `user` through the API; answers its id. */
async function uploadVideo(request: APIRequestContext, user: SignedInUser) {
  const video = await uploadOverApi(request, {
    userId: user.userId,
    // Its own title: other specs look their videos up by title on the same app.
    title: `Moderated comments of ${user.username}`,
    description: 'A test pattern with comments.',
  });
  return video.id;
}

/** Blocked terms are set, as in the chat panel, on the creator's chat (any stream key of theirs). */
async function blockTerms(request: APIRequestContext, user: SignedInUser, blockedTerms: string[]) {
  const room = (await createStreamKey(request, user.userId)).id;
  const rules = { slowModeSeconds: 0, followersOnlyMinutes: null, blockedTerms, linksAllowed: false };
  expect((await request.put(`/api/chat/${room}/moderation/rules`, { data: rules })).status()).toBe(200);
}

const comment = (page: Page, text: string) => page.getByTestId('comment').filter({ hasText: text });
const count = (page: Page) => page.getByTestId('comment-count');

test('a creator pins a comment, deletes another, and approves one held for a blocked term', async ({
  browser,
  signedInUser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await signedInUser('host', creatorContext);
  const videoId = await uploadVideo(creatorContext.request, creator);
  await blockTerms(creatorContext.request, creator, ['spoiler']);

  const fanContext = await browser.newContext();
  const fan = await signedInUser('fan', fanContext);
  for (const content of ['First, oldest', 'Rude remark', 'Newest word']) {
    const posted = await fanContext.request.post(`/api/comments/videos/${videoId}`, {
      data: { userId: fan.userId, content },
    });
    expect(posted.status()).toBe(201);
  }

  // The fan writes a blocked term (whatever its case): it is held, marked for them, and not counted.
  const fanPage = await fanContext.newPage();
  await fanPage.goto(`/v/${videoId}`);
  await untilSignedIn(fanPage, fan.fullName);
  await expect(count(fanPage)).toHaveText('3 Comments');
  await fanPage.getByRole('textbox', { name: 'Comment' }).fill('Big SPOILER: the ending');
  await fanPage.getByRole('textbox', { name: 'Comment' }).press('Enter');
  const held = comment(fanPage, 'Big SPOILER: the ending');
  await expect(held.getByText('Held for review')).toBeVisible();
  await expect(count(fanPage)).toHaveText('3 Comments');
  await expect(fanPage.getByRole('button', { name: 'Pin' })).toHaveCount(0);

  // The creator sees it apart, pins the oldest comment and deletes the rude one.
  const page = await creatorContext.newPage();
  await page.goto(`/v/${videoId}`);
  await untilSignedIn(page, creator.fullName);
  const review = page.getByRole('region', { name: 'Held for review' });
  await expect(review.getByTestId('held-comment')).toHaveText(/Big SPOILER: the ending/);
  await expect(comment(page, 'Big SPOILER')).toHaveCount(0);
  await expect(page.getByTestId('comment').first()).toContainText('Newest word');

  await comment(page, 'First, oldest').getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByTestId('comment').first()).toContainText('First, oldest');
  await expect(page.getByTestId('comment').first().getByText('Pinned', { exact: true })).toBeVisible();

  await comment(page, 'Rude remark').getByRole('button', { name: 'Delete comment' }).click();
  await expect(comment(page, 'Rude remark')).toHaveCount(0);
  await expect(count(page)).toHaveText('2 Comments');

  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review).toHaveCount(0);
  await expect(comment(page, 'Big SPOILER: the ending')).toBeVisible();
  await expect(count(page)).toHaveText('3 Comments');

  // A reload shows what the server keeps; the fan sees the pin and no moderation controls, and can
  // report the creator's comment but not their own.
  await page.getByRole('textbox', { name: 'Comment' }).fill('Thanks for watching');
  await page.getByRole('textbox', { name: 'Comment' }).press('Enter');
  await expect(count(page)).toHaveText('4 Comments');
  await fanPage.reload();
  const comments = fanPage.getByTestId('comment');
  await expect(comments).toHaveText([
    /First, oldest/,
    /Thanks for watching/,
    /Big SPOILER: the ending/,
    /Newest word/,
  ]);
  await expect(comments.first().getByText('Pinned', { exact: true })).toBeVisible();
  await expect(fanPage.getByText('Held for review')).toHaveCount(0);
  await expect(fanPage.getByRole('button', { name: /^(Pin|Unpin|Approve)$/ })).toHaveCount(0);
  await expect(comment(fanPage, 'Thanks for watching').getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(comment(fanPage, 'Newest word').getByRole('button', { name: 'Report' })).toHaveCount(0);
  await expect(comment(fanPage, 'Newest word').getByRole('button', { name: 'Delete comment' })).toBeVisible();
  await expect(
    comment(fanPage, 'Thanks for watching').getByRole('button', { name: 'Delete comment' }),
  ).toHaveCount(0);
});

test('a comment with a blocked term written offline is held when it arrives', async ({
  browser,
  page,
  signedInUser,
}) => {
  const creatorContext = await browser.newContext();
  const creator = await signedInUser('host', creatorContext);
  const videoId = await uploadVideo(creatorContext.request, creator);
  await blockTerms(creatorContext.request, creator, ['Spoiler']);
  const fan = await signedInUser('fan');
  await page.goto(`/v/${videoId}`);
  await untilSignedIn(page, fan.fullName);

  await page.context().setOffline(true);
  const input = page.getByRole('textbox', { name: 'Comment' });
  await input.fill('no spoïler here, promise');
  await input.press('Enter');
  const queued = comment(page, 'no spoïler here, promise');
  await expect(queued).toHaveAttribute('data-pending', 'true');
  await expect(count(page)).toHaveText('1 Comments');

  await page.context().setOffline(false);
  await expect(queued.getByText('Held for review')).toBeVisible();
  await expect(queued).not.toHaveAttribute('data-pending');
  await expect(count(page)).toHaveText('0 Comments');
  // Nobody else sees it: the public list stays empty.
  const listed = await creatorContext.request.get(`/api/comments/videos/${videoId}`);
  expect(dataEnvelope(z.array(z.unknown())).parse(await listed.json()).data).toEqual([]);
});
