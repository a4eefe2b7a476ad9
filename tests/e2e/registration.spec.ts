import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '../../schema/messages';
import { demo } from './api';
import { test } from './fixtures';
import { signInWithDevWallet, topBar } from './pages/top-bar';

/** A real 1x1 PNG, so the upload API's byte check sees an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

test('a dev-wallet user registers through the wizard, edits the profile and logs out', async ({
  page,
  request,
}) => {
  const [taken] = await demo(request).topCreators();
  const username = `e2e_${Date.now().toString(36)}`;

  await page.goto('/');
  await signInWithDevWallet(page);
  const wizard = page.getByRole('dialog', { name: 'Create your profile' });
  await expect(wizard).toBeVisible();
  await expect(wizard.getByText('step 1 of 4')).toBeVisible();

  // It cannot be closed: no close button, and Escape (twice, past Chrome's close-watcher grace) does nothing.
  await expect(wizard.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(wizard).toBeVisible();

  await wizard.getByLabel('Username').fill('ab');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(MESSAGES.validation.usernameMin)).toBeVisible();
  await expect(wizard.getByText(MESSAGES.validation.avatarRequired)).toBeVisible();
  await expect(wizard.getByText('step 1 of 4')).toBeVisible();

  await wizard.getByLabel('Username').fill(taken?.username ?? '');
  await wizard.getByLabel('Full name').fill('E2E Creator');
  await wizard.getByLabel('Email').fill('e2e@example.com');
  await wizard.getByLabel('Description').fill('Streams written by a browser test.');
  await wizard.getByLabel('Avatar').setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(toast(page, MESSAGES.imageUpload.uploaded('Avatar'))).toBeVisible();
  // A name someone holds is caught on Next rather than failing silently at the end.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Username is already taken')).toBeVisible();

  await wizard.getByLabel('Username').fill(username);

  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('step 2 of 4')).toBeVisible();
  await expect(wizard.getByLabel('Category', { exact: true })).toHaveValue('Gaming');
  await expect(wizard.getByLabel('Sub-category')).toHaveValue('Valorant');
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('step 3 of 4')).toBeVisible();
  await wizard.getByLabel('Tags').fill('  speedrun ');
  await wizard.getByLabel('Tags').press('Enter');
  await expect(wizard.getByRole('button', { name: 'Remove tag speedrun' })).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('step 4 of 4')).toBeVisible();
  await wizard.getByLabel('Twitch').fill('https://twitch.tv/e2e');
  // The server keeps only https links: a bad one is named here; a bare host is taken as https.
  await wizard.getByLabel('Website').fill('javascript:alert(1)');
  await wizard.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(wizard.getByText('Social link "website" must be an https:// URL')).toBeVisible();
  await wizard.getByLabel('Website').fill('example.com');
  await wizard.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(wizard).toBeHidden();

  await page.goto(`/u/${username}`);
  const header = page.getByTestId('profile-header');
  await expect(header.getByRole('heading', { name: 'E2E Creator' })).toBeVisible();
  await expect(header.getByText(`@${username}`)).toBeVisible();
  await expect(header.getByText('Gaming > Valorant')).toBeVisible();

  await header.getByRole('button', { name: 'Customize Profile' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(editor.getByLabel('Full name')).toHaveValue('E2E Creator');
  await expect(editor.getByLabel('Email')).toHaveValue('e2e@example.com');
  await editor.getByLabel('Full name').fill('E2E Creator Renamed');
  await editor.getByRole('button', { name: 'Next' }).click();
  await editor.getByRole('button', { name: 'Next' }).click();
  await expect(editor.getByText('step 3 of 4')).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Remove tag speedrun' })).toBeVisible();
  await editor.getByRole('button', { name: 'Next' }).click();
  await expect(editor.getByLabel('Twitch')).toHaveValue('https://twitch.tv/e2e');
  await expect(editor.getByLabel('Website')).toHaveValue('https://example.com');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, MESSAGES.profile.updated)).toBeVisible();
  await expect(editor).toBeHidden();

  await page.reload();
  await expect(header.getByRole('heading', { name: 'E2E Creator Renamed' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Customize Profile' })).toBeVisible();
  // The owner's own About dialog carries the email (visitors' never does).
  await header.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByRole('dialog', { name: 'About me' }).getByText('e2e@example.com')).toBeVisible();
  await page.keyboard.press('Escape');

  // The account menu carries the full name and, with a profile, View Profile and Wallet.
  const bar = topBar(page);
  await bar.accountMenu('E2E Creator Renamed').click();
  await expect(page.getByRole('link', { name: 'View Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wallet', exact: true })).toBeVisible();
  await bar.logout.click();
  await expect(bar.signIn).toBeVisible();
  await page.reload();
  await expect(bar.signIn).toBeVisible();
  await expect(header.getByRole('button', { name: 'Customize Profile' })).toHaveCount(0);
});

test('a person who picks their avatar again and again is asked to wait a minute, not refused', async ({
  page,
}) => {
  await page.goto('/');
  await signInWithDevWallet(page);
  const wizard = page.getByRole('dialog', { name: 'Create your profile' });
  await expect(wizard).toBeVisible();
  // 6 images a minute per registering session; the minute may turn once, so up to 13 picks.
  const statuses: number[] = [];
  while (statuses.at(-1) !== 429 && statuses.length < 13) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/files/image'));
    await wizard
      .getByLabel('Avatar')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
    statuses.push((await answer).status());
    await expect(wizard.getByLabel('Avatar')).toBeEnabled();
  }
  expect(statuses.slice(0, 6)).toEqual(Array(6).fill(201));
  expect(statuses.at(-1)).toBe(429);
  await expect(toast(page, MESSAGES.imageUpload.tooMany)).toBeVisible();
  await expect(toast(page, MESSAGES.imageUpload.failedAvatarBanner)).toHaveCount(0);
});

test('a wallet that signed in by mistake can log out from the registration dialog', async ({ page }) => {
  await page.goto('/');
  await signInWithDevWallet(page);
  const wizard = page.getByRole('dialog', { name: 'Create your profile' });
  await expect(wizard).toBeVisible();
  await wizard.getByRole('button', { name: 'Log out' }).click();
  await expect(wizard).toBeHidden();
  await expect(topBar(page).signIn).toBeVisible();
});

test("someone else's profile has no Customize Profile, and an unknown name says so", async ({ page }) => {
  await page.goto('/');
  const creator = page.getByTestId('top-creators').getByRole('link').first();
  await creator.click();
  await expect(page.getByTestId('profile-header')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Customize Profile' })).toHaveCount(0);

  await page.goto('/u/nobody_has_this_name');
  await expect(page.getByRole('heading', { name: MESSAGES.profile.notFound })).toBeVisible();
  await expect(page.getByText(MESSAGES.profile.doesNotExist('nobody_has_this_name'))).toBeVisible();
});
