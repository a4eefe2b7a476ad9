import { type APIRequestContext, expect, type Page } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { UserAnalyticsSchema, VideoSchema } from '../../schema/content';
import { MESSAGES } from '../../schema/messages';
import { type UserProfile, UserProfileSchema } from '../../schema/user';
import { formatCount } from '../../web/ui/format';
import { demo } from './api';
import { test } from './fixtures';

/** Reads what the profile page reads, through the same public API, so nothing is hard-coded. */
const profileApi = (request: APIRequestContext) => {
  const get = async <S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S>> => {
    const response = await request.get(path);
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
    return (dataEnvelope(schema).parse(await response.json()) as { data: z.output<S> }).data;
  };
  return {
    profile: (username: string) => get(`/api/users/username/${username}`, UserProfileSchema),
    videos: (userId: string) => get(`/api/videos/user/${userId}?limit=100`, z.array(VideoSchema)),
    shorts: (userId: string) => get(`/api/videos/shorts/user/${userId}?limit=100`, z.array(VideoSchema)),
    analytics: (userId: string) => get(`/api/analytics/user/${userId}`, UserAnalyticsSchema),
  };
};

/** A seeded top creator with both shorts and long videos. */
async function seededCreator(request: APIRequestContext): Promise<UserProfile> {
  for (const top of await demo(request).topCreators()) {
    const profile = await profileApi(request).profile(top.username);
    if (profile.videos > 0 && profile.shorts > 0) return profile;
  }
  throw new Error('the demo has no creator with both videos and shorts');
}

const openFromSidebar = async (page: Page, creator: UserProfile) => {
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Top Creators' });
  await sidebar
    .getByRole('link', { name: creator.fullName || creator.username })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/u/${creator.username}$`));
  await expect(page.getByTestId('profile-header')).toBeVisible();
};

test("a creator's profile shows the counts, links and content the API reports", async ({ page, request }) => {
  const creator = await seededCreator(request);
  const api = profileApi(request);
  const [videos, shorts, analytics] = await Promise.all([
    api.videos(creator.id),
    api.shorts(creator.id),
    api.analytics(creator.id),
  ]);

  await openFromSidebar(page, creator);
  const header = page.getByTestId('profile-header');
  await expect(header.getByRole('heading', { name: creator.fullName })).toBeVisible();
  // No user record has a verified flag, so no profile claims one.
  await expect(header.getByRole('img', { name: 'Verified' })).toHaveCount(0);
  await expect(header.getByText(`@${creator.username}`)).toBeVisible();
  await expect(header.getByText(`${creator.category} > ${creator.subCategory}`)).toBeVisible();
  for (const tag of creator.tags) await expect(header.getByText(`#${tag}`, { exact: true })).toBeVisible();

  // A counter for each network the profile links only; no platform keys locally, so each says 'Active'.
  const platforms = ['twitch', 'twitter', 'tiktok', 'youtube'] as const;
  const linked = platforms.filter((platform) => creator.social[platform]);
  expect(linked.length).toBeGreaterThan(0);
  for (const platform of platforms) {
    const counter = page.getByTestId(`social-counter-${platform}`);
    if (linked.includes(platform)) await expect(counter).toContainText('Active');
    else await expect(counter).toHaveCount(0);
  }

  await expect(page.getByTestId('stat-rank')).toContainText(`#${creator.rank}`);
  await expect(page.getByTestId('stat-followers')).toContainText(formatCount(creator.followers));
  await expect(page.getByTestId('stat-views')).toContainText(formatCount(creator.views));
  await expect(page.getByTestId('stat-engagement')).toContainText(`${analytics.engagementScore.toFixed(2)}%`);

  // The non-functional filters are there and reachable.
  await expect(page.getByRole('button', { name: 'Tik Tok' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Range' })).toHaveValue('14');

  const shortsRow = page.getByTestId('profile-shorts');
  await expect(shortsRow.getByTestId('short-card')).toHaveCount(shorts.length);
  for (const short of shorts.slice(0, 3)) await expect(shortsRow.getByText(short.title)).toBeVisible();
  const videoGrid = page.getByTestId('profile-videos');
  await expect(videoGrid.getByTestId('video-card')).toHaveCount(videos.length);
  for (const video of videos.slice(0, 3)) await expect(videoGrid.getByText(video.title)).toBeVisible();

  await header.getByRole('button', { name: 'Show more' }).click();
  const about = page.getByRole('dialog', { name: 'About me' });
  await expect(about.getByTestId('about-followers')).toHaveText(formatCount(creator.followers));
  await expect(about.getByTestId('about-videos')).toHaveText(formatCount(creator.videos + creator.shorts));
  await expect(about.getByTestId('about-views')).toHaveText(formatCount(creator.views));
  // A visitor never sees the creator's email: only its owner does (privacy over content §2.7).
  await expect(about.getByText('Email', { exact: true })).toHaveCount(0);
  await expect(
    about.getByText(`${creator.aptosAddress.slice(0, 7)}...${creator.aptosAddress.slice(-7)}`),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();

  // Signed out, Follow asks to log in.
  await header.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: MESSAGES.generic.loginRequired })).toBeVisible();
});

test('a signed-in user follows and unfollows a creator, and the follower count follows', async ({
  page,
  request,
  signedInUser,
}) => {
  const creator = await seededCreator(request);
  const api = profileApi(request);
  const own = (await signedInUser('fan')).username;

  // Their own profile offers Customize Profile and Manage Videos instead of Follow.
  await page.goto(`/u/${own}`);
  const header = page.getByTestId('profile-header');
  await expect(header.getByRole('button', { name: 'Customize Profile' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  await header.getByRole('link', { name: 'Manage Videos' }).click();
  await expect(page).toHaveURL(/\/studio$/);

  await openFromSidebar(page, creator);
  const before = (await api.profile(creator.username)).followers;
  await expect(page.getByTestId('stat-followers')).toContainText(formatCount(before));
  await header.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page.getByTestId('stat-followers')).toContainText(formatCount(before + 1));
  await expect.poll(async () => (await api.profile(creator.username)).followers).toBe(before + 1);

  await page.reload();
  await expect(header.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(page.getByTestId('stat-followers')).toContainText(formatCount(before + 1));

  await header.getByRole('button', { name: 'Following' }).click();
  await expect(header.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(page.getByTestId('stat-followers')).toContainText(formatCount(before));
  await expect.poll(async () => (await api.profile(creator.username)).followers).toBe(before);
});

test('an unknown name says User Not Found, then goes home', async ({ page }) => {
  await page.goto('/u/nobody_has_this_name');
  await expect(page.getByRole('heading', { name: MESSAGES.profile.notFound })).toBeVisible();
  await expect(page.getByText(MESSAGES.profile.doesNotExist('nobody_has_this_name'))).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByTestId('home-videos')).toBeVisible();
});
