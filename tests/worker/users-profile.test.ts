import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { MESSAGES } from '../../schema/messages';
import { UserProfileSchema, UserSchema } from '../../schema/user';
import { makeWallet } from '../factories/wallet';
import { errorMessage, newCaller, signIn } from './session';

const profile = (address: string, overrides: Record<string, unknown> = {}) => ({
  username: 'night_owl',
  fullName: 'Nora Owl',
  email: 'nora@example.com',
  description: 'Late-night Valorant streams and coaching.',
  avatar: '/media/avatars/abc.svg',
  aptosAddress: address,
  ...overrides,
});
const countUsers = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM users').first<{ n: number }>())?.n ?? 0;

describe('POST /api/users (registration)', () => {
  it('registers the signed-in address with the spec defaults', async () => {
    const { caller, wallet } = await signIn();
    const result = await caller.json('/api/users', 'POST', profile(wallet.address));
    expect(result.status).toBe(201);
    const user = dataEnvelope(UserSchema).parse(result.body).data;
    expect(user).toMatchObject({
      username: 'night_owl',
      aptosAddress: wallet.address,
      category: 'Gaming',
      subCategory: 'Valorant',
      tags: [],
      social: {},
      balance: 0,
      followers: 0,
    });
    const me = await caller.json('/api/auth/me', 'GET');
    expect(me.body).toMatchObject({ data: { user: { id: user.id } } });
  });

  it('refuses a visitor without a session', async () => {
    const result = await newCaller().json('/api/users', 'POST', profile(makeWallet().address));
    expect(result.status).toBe(401);
    expect(await countUsers()).toBe(0);
  });

  it("refuses to register someone else's address", async () => {
    const { caller } = await signIn();
    const result = await caller.json('/api/users', 'POST', profile(makeWallet().address));
    expect(result.status).toBe(403);
    expect(await countUsers()).toBe(0);
  });

  it('refuses a username that is taken, whatever its case', async () => {
    const first = await signIn();
    await first.caller.json('/api/users', 'POST', profile(first.wallet.address));
    const second = await signIn();
    const result = await second.caller.json(
      '/api/users',
      'POST',
      profile(second.wallet.address, { username: 'Night_Owl' }),
    );
    expect(result.status).toBe(409);
    expect(errorMessage(result.body).message).toBe('Username is already taken');
    expect(await countUsers()).toBe(1);
  });

  it('refuses a second profile for the same address', async () => {
    const { caller, wallet } = await signIn();
    await caller.json('/api/users', 'POST', profile(wallet.address));
    const result = await caller.json(
      '/api/users',
      'POST',
      profile(wallet.address, { username: 'other_name' }),
    );
    expect(result.status).toBe(409);
    expect(errorMessage(result.body).message).toBe('A profile already exists for this address');
  });

  it.each([
    [{ username: 'ab' }, MESSAGES.validation.usernameMin],
    [{ username: 'bad name' }, MESSAGES.validation.usernameChars],
    [{ fullName: '' }, MESSAGES.validation.fullNameRequired],
    [{ email: 'nope' }, MESSAGES.validation.emailInvalid],
    [{ description: 'short' }, MESSAGES.validation.descriptionMin],
    [{ avatar: '' }, MESSAGES.validation.avatarRequired],
  ])('refuses step-1 input %o with the spec message', async (change, message) => {
    const { caller, wallet } = await signIn();
    const result = await caller.json('/api/users', 'POST', profile(wallet.address, change));
    expect(result.status).toBe(400);
    expect(errorMessage(result.body).message).toMatch(
      new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    expect(await countUsers()).toBe(0);
  });

  it('refuses profile images that are not in our media store, and oversize text', async () => {
    const { caller, wallet } = await signIn();
    for (const change of [
      { avatar: 'javascript:alert(1)' },
      { avatar: 'https://tracker.example/pixel.gif' },
      { banner: '/media/../secret' },
      { description: 'x'.repeat(2001) },
      { username: 'a'.repeat(31) },
    ]) {
      const result = await caller.json('/api/users', 'POST', profile(wallet.address, change));
      expect(result.status, JSON.stringify(change)).toBe(400);
    }
    expect(await countUsers()).toBe(0);
  });

  it('refuses a category the product does not offer', async () => {
    const { caller, wallet } = await signIn();
    const result = await caller.json(
      '/api/users',
      'POST',
      profile(wallet.address, { category: 'Gaming', subCategory: 'Chess' }),
    );
    expect(result.status).toBe(400);
  });

  it('stores SQL and HTML in text fields as plain text', async () => {
    const { caller, wallet } = await signIn();
    const hostile = `'); DROP TABLE users; -- <script>alert("x")</script>`;
    const hostileTag = `<b>'--</b>`;
    const result = await caller.json(
      '/api/users',
      'POST',
      profile(wallet.address, {
        fullName: hostile,
        description: hostile,
        tags: [hostileTag],
        social: { website: `https://example.com/?q=${encodeURIComponent(hostile)}` },
      }),
    );
    expect(result.status).toBe(201);
    const read = await newCaller().json(`/api/users/address/${wallet.address}`, 'GET');
    expect(read.body).toMatchObject({
      data: {
        fullName: hostile,
        description: hostile,
        tags: [hostileTag],
        social: { website: `https://example.com/?q=${encodeURIComponent(hostile)}` },
      },
    });
    expect(await countUsers()).toBe(1);
  });
});

describe('social links and reserved names', () => {
  it.each([
    ['javascript:alert(1)', 'website'],
    ['http://example.com', 'youtube'],
    ['data:text/html,<b>hi</b>', 'other'],
    ['/u/someone', 'twitter'],
    ['example.com', 'github'],
    ['https://', 'twitch'],
  ])('refuses the social link %s with 400 naming the key, and stores nothing', async (link, key) => {
    const { caller, wallet } = await signIn();
    const result = await caller.json(
      '/api/users',
      'POST',
      profile(wallet.address, { social: { [key]: link } }),
    );
    expect(result.status).toBe(400);
    expect(errorMessage(result.body).message).toBe(
      `social.${key}: Social link "${key}" must be an https:// URL`,
    );
    expect(await countUsers()).toBe(0);
  });

  it('keeps https links and takes an empty link as none', async () => {
    const { caller, wallet } = await signIn();
    const social = { youtube: 'https://youtube.com/@nora', website: '' };
    const result = await caller.json('/api/users', 'POST', profile(wallet.address, { social }));
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ data: { social: { youtube: 'https://youtube.com/@nora' } } });
    expect((result.body as { data: { social: object } }).data.social).not.toHaveProperty('website');
  });

  it('refuses a javascript: link on edit too, and keeps the stored profile', async () => {
    const { caller, wallet } = await signIn();
    const created = await caller.json('/api/users', 'POST', profile(wallet.address));
    const { id } = dataEnvelope(UserSchema).parse(created.body).data;
    const { aptosAddress: _, ...edit } = profile(wallet.address, {
      social: { website: 'javascript:alert(1)' },
    });
    const result = await caller.json(`/api/users/${id}`, 'PUT', edit);
    expect(result.status).toBe(400);
    const stored = await env.DB.prepare('SELECT social FROM users WHERE id = ?1')
      .bind(id)
      .first<{ social: string }>();
    expect(stored?.social).toBe('{}');
  });

  it('never answers a non-https link stored before the rule', async () => {
    const { caller, wallet } = await signIn();
    await caller.json('/api/users', 'POST', profile(wallet.address));
    const legacy = { website: 'javascript:alert(1)', youtube: 'https://youtube.com/@nora' };
    await env.DB.prepare('UPDATE users SET social = ?1').bind(JSON.stringify(legacy)).run();
    const read = await newCaller().json('/api/users/username/night_owl', 'GET');
    expect(dataEnvelope(UserProfileSchema).parse(read.body).data.social).toEqual({
      youtube: 'https://youtube.com/@nora',
    });
  });

  it.each(['admin', 'System', 'REEL', 'support', 'api', 'settings', 'studio', 'moderator', 'official'])(
    'refuses the reserved username %s on registration',
    async (username) => {
      const { caller, wallet } = await signIn();
      const result = await caller.json('/api/users', 'POST', profile(wallet.address, { username }));
      expect(result.status).toBe(400);
      expect(errorMessage(result.body).message).toBe('username: This username is reserved');
      expect(await countUsers()).toBe(0);
    },
  );

  it('refuses renaming oneself to a reserved username', async () => {
    const { caller, wallet } = await signIn();
    const created = await caller.json('/api/users', 'POST', profile(wallet.address));
    const { id } = dataEnvelope(UserSchema).parse(created.body).data;
    const { aptosAddress: _, ...edit } = profile(wallet.address, { username: 'Administrator' });
    const result = await caller.json(`/api/users/${id}`, 'PUT', edit);
    expect(result.status).toBe(400);
    expect(errorMessage(result.body).message).toBe('username: This username is reserved');
    const stored = await newCaller().json(`/api/users/address/${wallet.address}`, 'GET');
    expect(stored.body).toMatchObject({ data: { username: 'night_owl' } });
  });

  it('still takes names that only contain a reserved word', async () => {
    const { caller, wallet } = await signIn();
    const result = await caller.json(
      '/api/users',
      'POST',
      profile(wallet.address, { username: 'admin_fan' }),
    );
    expect(result.status).toBe(201);
  });
});

describe('PUT /api/users/{id}', () => {
  const register = async () => {
    const signedIn = await signIn();
    const result = await signedIn.caller.json(
      '/api/users',
      'POST',
      profile(signedIn.wallet.address, { username: `u_${crypto.randomUUID().slice(0, 8)}` }),
    );
    return { ...signedIn, user: dataEnvelope(UserSchema).parse(result.body).data };
  };
  const { aptosAddress: _, ...edit } = profile('0x1', {
    username: 'renamed',
    category: 'Music',
    subCategory: 'Lo-fi',
  });

  it('updates the caller’s own profile', async () => {
    const { caller, user } = await register();
    const result = await caller.json(`/api/users/${user.id}`, 'PUT', edit);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      data: { id: user.id, username: 'renamed', category: 'Music', subCategory: 'Lo-fi' },
    });
  });

  it("refuses to edit another user's profile", async () => {
    const owner = await register();
    const intruder = await register();
    const result = await intruder.caller.json(`/api/users/${owner.user.id}`, 'PUT', edit);
    expect(result.status).toBe(403);
    const unchanged = await newCaller().json(`/api/users/address/${owner.wallet.address}`, 'GET');
    expect(unchanged.body).toMatchObject({ data: { username: owner.user.username } });
  });

  it('refuses a signed-in wallet that has not registered, and a visitor', async () => {
    const { user } = await register();
    const unregistered = await signIn();
    expect((await unregistered.caller.json(`/api/users/${user.id}`, 'PUT', edit)).status).toBe(403);
    expect((await newCaller().json(`/api/users/${user.id}`, 'PUT', edit)).status).toBe(401);
  });

  it('refuses taking a name someone else has', async () => {
    const first = await register();
    const second = await register();
    const result = await second.caller.json(`/api/users/${second.user.id}`, 'PUT', {
      ...edit,
      username: first.user.username,
    });
    expect(result.status).toBe(409);
  });
});

describe('reading users', () => {
  it('finds a user by address (any spelling), by username and through check', async () => {
    const { caller, wallet } = await signIn();
    await caller.json('/api/users', 'POST', profile(wallet.address));
    const visitor = newCaller();
    const upper = `0x${wallet.address.slice(2).toUpperCase()}`;
    expect((await visitor.json(`/api/users/address/${upper}`, 'GET')).body).toMatchObject({
      data: { username: 'night_owl' },
    });

    const byName = await visitor.json('/api/users/username/night_owl', 'GET');
    const user = dataEnvelope(UserProfileSchema).parse(byName.body).data;
    expect(user).toMatchObject({ videos: 0, shorts: 0, views: 0, totalDonationCount: 0, rank: 1 });

    expect((await visitor.json(`/api/users/check/${wallet.address}`, 'GET')).body).toMatchObject({
      data: { exists: true },
    });
    expect((await visitor.json('/api/users/check/night_owl', 'GET')).body).toMatchObject({
      data: { exists: true },
    });
    expect((await visitor.json('/api/users/check/nobody_here', 'GET')).body).toEqual({
      data: { exists: false, user: null },
    });
    expect((await visitor.json(`/api/users/address/${wallet.address}/balance`, 'GET')).body).toEqual({
      data: { balance: 0 },
    });
  });

  it('answers 404 for an unknown user', async () => {
    const visitor = newCaller();
    expect((await visitor.json('/api/users/username/ghost', 'GET')).status).toBe(404);
    expect((await visitor.json(`/api/users/address/${makeWallet().address}`, 'GET')).status).toBe(404);
    expect((await visitor.json(`/api/users/address/${makeWallet().address}/balance`, 'GET')).status).toBe(
      404,
    );
  });
});
