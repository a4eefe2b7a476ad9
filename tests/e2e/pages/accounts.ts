import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { nullable } from 'zod/mini';
import { dataEnvelope } from '../../../schema/api';
import { SessionInfoSchema } from '../../../schema/auth';
import { UserSchema } from '../../../schema/user';
import { demo } from '../api';
import { signInWithDevWallet } from './top-bar';

/**
 * An avatar that loads: a seeded demo creator's. Users made by tests show up on other tests' pages
 * (lists, comments, recommendations), and a picture that fails there is a console error.
 */
export async function stockAvatar(request: APIRequestContext): Promise<string> {
  const [creator] = await demo(request).topCreators();
  if (!creator) throw new Error('the demo has no creators');
  return creator.avatar;
}

/**
 * Signs in from the UI with a fresh dev wallet and registers its profile through the API (the
 * wizard has its own test), then reloads so the page knows the profile. Answers who was made.
 */
export async function signInAsNewUser(page: Page, prefix: string) {
  await page.goto('/');
  await signInWithDevWallet(page);
  const me = await page.request.get('/api/auth/me');
  const session = dataEnvelope(nullable(SessionInfoSchema)).parse(await me.json()).data;
  if (!session) throw new Error('The dev wallet did not sign in');
  const username = `${prefix}_${Date.now().toString(36)}`;
  const created = await page.request.post('/api/users', {
    data: {
      username,
      fullName: `${prefix} tester`,
      email: `${username}@example.com`,
      description: `A ${prefix} user made by a browser test.`,
      avatar: await stockAvatar(page.request),
      aptosAddress: session.address,
    },
  });
  expect(created.status()).toBe(201);
  const user = dataEnvelope(UserSchema).parse(await created.json()).data;
  await page.reload();
  return { username, userId: user.id, address: session.address };
}
