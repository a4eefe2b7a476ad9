import { expect, type Page } from '@playwright/test';
import { nullable, object, string } from 'zod/mini';
import { dataEnvelope } from '../../../schema/api';
import { SessionInfoSchema } from '../../../schema/auth';
import { UserSchema } from '../../../schema/user';
import { signInWithDevWallet } from './top-bar';

/**
 * Signs in from the UI with a fresh dev wallet and registers its profile through the API (the
 * wizard has its own test), then reloads so the page knows the profile. Answers who was made.
 * `avatarPng` uploads a real avatar (a page that must log no failed image); otherwise a stock path.
 */
export async function signInAsNewUser(page: Page, prefix: string, options: { avatarPng?: Buffer } = {}) {
  await page.goto('/');
  await signInWithDevWallet(page);
  const me = await page.request.get('/api/auth/me');
  const session = dataEnvelope(nullable(SessionInfoSchema)).parse(await me.json()).data;
  if (!session) throw new Error('The dev wallet did not sign in');
  const avatar = options.avatarPng ? await uploadImage(page, options.avatarPng) : '/media/images/e2e.png';
  const username = `${prefix}_${Date.now().toString(36)}`;
  const created = await page.request.post('/api/users', {
    data: {
      username,
      fullName: `${prefix} tester`,
      email: `${username}@example.com`,
      description: `A ${prefix} user made by a browser test.`,
      avatar,
      aptosAddress: session.address,
    },
  });
  expect(created.status()).toBe(201);
  const user = dataEnvelope(UserSchema).parse(await created.json()).data;
  await page.reload();
  return { username, userId: user.id, address: session.address };
}

/** Uploads an image as the signed-in session (the wizard's avatar upload) and answers its URL. */
async function uploadImage(page: Page, png: Buffer): Promise<string> {
  const image = await page.request.post('/api/files/image', {
    multipart: { file: { name: 'avatar.png', mimeType: 'image/png', buffer: png } },
  });
  expect(image.status()).toBe(201);
  return dataEnvelope(object({ url: string() })).parse(await image.json()).data.url;
}
