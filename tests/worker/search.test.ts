import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { SearchSuggestionsSchema, SearchUserSchema } from '../../schema/search';
import { UserSchema } from '../../schema/user';
import { insertUser, insertVideo } from '../factories/content';
import { getJson } from './http';
import { errorMessage, signIn } from './session';

const usersSchema = dataEnvelope(z.array(SearchUserSchema));
const suggestionsSchema = dataEnvelope(SearchSuggestionsSchema);

type Creator = {
  username: string;
  fullName?: string;
  description?: string;
  tags?: string[];
  category?: string;
  subCategory?: string;
  followers?: number;
};

/** A user with the profile text search reads (the shared factory sets only username and followers). */
const insertCreator = async (creator: Creator) => {
  const user = await insertUser(env.DB, { username: creator.username, followers: creator.followers ?? 0 });
  await env.DB.prepare(
    `UPDATE users SET full_name = ?1, description = ?2, tags = ?3, category = ?4, sub_category = ?5
     WHERE id = ?6`,
  )
    .bind(
      creator.fullName ?? `Creator ${creator.username}`,
      creator.description ?? 'Makes videos about things.',
      JSON.stringify(creator.tags ?? []),
      creator.category ?? 'Gaming',
      creator.subCategory ?? 'Valorant',
      user.id,
    )
    .run();
  return user;
};

const search = async (q: string, limit?: number) => {
  const params = new URLSearchParams({ q });
  if (limit !== undefined) params.set('limit', String(limit));
  const { status, body } = await getJson(`/api/users/search?${params}`);
  expect(status).toBe(200);
  return usersSchema.parse(body).data;
};
const usernames = (users: Array<{ username: string }>) => users.map((user) => user.username);

const seedCreators = async () => {
  await insertCreator({
    username: 'nova_plays',
    fullName: 'Nova Reyes',
    description: 'Radiant Jett main, daily ranked grind.',
    tags: ['valorant', 'fps'],
    followers: 900,
  });
  await insertCreator({
    username: 'lofi_lena',
    fullName: 'Lena Okafor',
    description: 'Producing chill beats to study to.',
    tags: ['lofi', 'beats'],
    category: 'Music',
    subCategory: 'Lo-fi',
    followers: 500,
  });
  await insertCreator({
    username: 'chef_marco',
    fullName: 'Marco Rossi',
    description: 'Pasta from scratch and street food trips.',
    tags: ['cooking'],
    category: 'Lifestyle',
    subCategory: 'Food',
    followers: 40,
  });
};

describe('GET /api/users/search', () => {
  it('finds a creator by the start of the username', async () => {
    await seedCreators();
    expect(usernames(await search('nov'))).toEqual(['nova_plays']);
    expect(usernames(await search('lofi_le'))).toEqual(['lofi_lena']);
  });

  it('finds a creator by full name, description word and tag, whatever the case', async () => {
    await seedCreators();
    expect(usernames(await search('Lena Okafor'))).toEqual(['lofi_lena']);
    expect(usernames(await search('ROSSI'))).toEqual(['chef_marco']);
    expect(usernames(await search('pasta'))).toEqual(['chef_marco']);
    expect(usernames(await search('cooking'))).toEqual(['chef_marco']);
    expect(usernames(await search('fps'))).toEqual(['nova_plays']);
  });

  it('ignores accents on either side', async () => {
    await insertCreator({ username: 'jose_art', fullName: 'José Peña' });
    expect(usernames(await search('jose pena'))).toEqual(['jose_art']);
    expect(usernames(await search('PEÑA'))).toEqual(['jose_art']);
  });

  it('answers full user records with rank and the card totals', async () => {
    await seedCreators();
    const nova = (await search('nova'))[0];
    expect(nova).toMatchObject({
      username: 'nova_plays',
      fullName: 'Nova Reyes',
      category: 'Gaming',
      subCategory: 'Valorant',
      tags: ['valorant', 'fps'],
      followers: 900,
      rank: 1,
      views: 0,
      totalDonationCount: 0,
    });
    expect(UserSchema.safeParse(nova).success).toBe(true);
  });

  it('counts the views of all uploads and the confirmed tips received', async () => {
    const fan = await insertCreator({ username: 'fan_one' });
    const star = await insertCreator({ username: 'star_maker', followers: 10 });
    const first = await insertVideo(env.DB, star.id);
    const second = await insertVideo(env.DB, star.id, { type: 'short' });
    await env.DB.batch([
      env.DB.prepare('UPDATE videos SET views = ?1 WHERE id = ?2').bind(1200, first.id),
      env.DB.prepare('UPDATE videos SET views = ?1 WHERE id = ?2').bind(34, second.id),
      ...(['confirmed', 'confirmed', 'failed'] as const).map((status, i) =>
        env.DB.prepare(
          `INSERT INTO tips (id, tipper_id, receiver_id, amount, tip_type, status, created_at)
           VALUES (?1, ?2, ?3, 100, 'general', ?4, '2026-01-01T00:00:00.000Z')`,
        ).bind(`tip-${i}`, fan.id, star.id, status),
      ),
    ]);
    expect(await search('star')).toMatchObject([
      { username: 'star_maker', views: 1234, totalDonationCount: 2 },
    ]);
  });

  it('puts a username match above a description match', async () => {
    await insertCreator({
      username: 'someone_else',
      description: 'Skater clips from the park, skater tricks and skater slams.',
      followers: 5000,
    });
    await insertCreator({ username: 'skater_kim', description: 'Weekend vlogs.', followers: 3 });
    await insertCreator({ username: 'unrelated', description: 'Cooking at home.' });
    expect(usernames(await search('skater'))).toEqual(['skater_kim', 'someone_else']);
  });

  it('breaks a tie in relevance by followers', async () => {
    await insertCreator({ username: 'quiet_owl', description: 'Birds.', followers: 1 });
    await insertCreator({ username: 'loud_owl', description: 'Birds.', followers: 99 });
    await insertCreator({ username: 'other', description: 'Cats.' });
    expect(usernames(await search('birds'))).toEqual(['loud_owl', 'quiet_owl']);
  });

  it('needs every word to match, the last as a prefix', async () => {
    await seedCreators();
    expect(usernames(await search('nova rey'))).toEqual(['nova_plays']);
    expect(await search('nova okafor')).toEqual([]);
  });

  it('answers 10 users by default and honours a limit', async () => {
    for (let i = 0; i < 12; i++) await insertCreator({ username: `gamer_${i}`, followers: i });
    expect(await search('gamer')).toHaveLength(10);
    expect(usernames(await search('gamer', 3))).toEqual(['gamer_11', 'gamer_10', 'gamer_9']);
    expect(await search('gamer', 100)).toHaveLength(12);
  });

  it.each([['0'], ['101'], ['ten'], ['2.5']])('refuses limit=%s with a 400', async (limit) => {
    const { status, body } = await getJson(`/api/users/search?q=nova&limit=${limit}`);
    expect(status).toBe(400);
    expect(errorMessage(body).message).toMatch(/^limit: /);
  });

  it.each([
    ['a lone quote', '"'],
    ['a star', '*'],
    ['OR', 'OR'],
    ['a minus', '-'],
    ['an unclosed NEAR', 'NEAR('],
    ['a column filter', 'username:nova'],
    ['boolean operators', 'nova AND NOT lena OR'],
    ['unbalanced quotes and brackets', '"nova (reyes'],
    ['a caret', '^nova'],
    ['SQL', "'; DROP TABLE users; --"],
    ['only punctuation', '!@#$%^&*()[]{}'],
    ['emoji', '🔥🎮'],
    ['very long text', 'nova '.repeat(2000)],
    ['empty text', ''],
  ])('answers 200 with a list for %s', async (_name, q) => {
    await seedCreators();
    const users = await search(q);
    expect(Array.isArray(users)).toBe(true);
  });

  it('treats operator words as words to find', async () => {
    await insertCreator({ username: 'near_far', description: 'Distance running and NOT much else.' });
    expect(usernames(await search('NEAR('))).toEqual(['near_far']);
    expect(usernames(await search('not'))).toEqual(['near_far']);
    // A column filter is text too: 'username' is a word no profile here contains.
    expect(await search('username:near')).toEqual([]);
  });

  it('answers an empty list when q is missing', async () => {
    await seedCreators();
    const { status, body } = await getJson('/api/users/search');
    expect(status).toBe(200);
    expect(usersSchema.parse(body).data).toEqual([]);
  });
});

describe('search index stays in sync with users', () => {
  const profile = (address: string, overrides: Record<string, unknown> = {}) => ({
    username: 'river_song',
    fullName: 'River Song',
    email: 'river@example.com',
    description: 'Archaeology walks and ancient history.',
    avatar: '/media/avatars/abc.svg',
    aptosAddress: address,
    category: 'Education',
    subCategory: 'History',
    tags: ['history'],
    ...overrides,
  });

  it('finds a newly registered user and follows a profile update', async () => {
    const { caller, wallet } = await signIn();
    const created = await caller.json('/api/users', 'POST', profile(wallet.address));
    expect(created.status).toBe(201);
    const { id } = dataEnvelope(UserSchema).parse(created.body).data;
    expect(usernames(await search('archaeology'))).toEqual(['river_song']);

    const updated = await caller.json(
      `/api/users/${id}`,
      'PUT',
      profile(wallet.address, {
        username: 'river_tam',
        fullName: 'River Tam',
        description: 'Ballet and starships.',
        tags: ['dance'],
      }),
    );
    expect(updated.status).toBe(200);
    expect(await search('archaeology')).toEqual([]);
    expect(await search('river_song')).toEqual([]);
    expect(usernames(await search('starships'))).toEqual(['river_tam']);
    expect(usernames(await search('dance'))).toEqual(['river_tam']);
  });

  it('keeps the index when only the follower count changes', async () => {
    const user = await insertCreator({ username: 'steady', description: 'Pottery.' });
    await env.DB.prepare('UPDATE users SET followers = 50 WHERE id = ?1').bind(user.id).run();
    expect(await search('pottery')).toMatchObject([{ username: 'steady', followers: 50 }]);
  });

  it('forgets a deleted user', async () => {
    const gone = await insertCreator({ username: 'gone_soon', description: 'Origami.' });
    await insertCreator({ username: 'stays', description: 'Origami too.' });
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(gone.id).run();
    expect(usernames(await search('origami'))).toEqual(['stays']);
    const integrity = env.DB.prepare("INSERT INTO users_fts (users_fts, rank) VALUES ('integrity-check', 1)");
    await expect(integrity.run()).resolves.toBeTruthy();
  });
});

describe('GET /api/users/search/suggestions', () => {
  const suggestions = async (query: string) => {
    const { status, body } = await getJson(`/api/users/search/suggestions?${query}`);
    expect(status).toBe(200);
    return suggestionsSchema.parse(body).data;
  };

  it('offers users, categories and sub-categories for the text typed so far', async () => {
    await seedCreators();
    const data = await suggestions('q=lo');
    expect(data.users).toEqual([
      { id: expect.any(String), username: 'lofi_lena', fullName: 'Lena Okafor', avatar: expect.any(String) },
    ]);
    expect(data.categories).toEqual([]);
    expect(data.subCategories).toEqual([{ category: 'Music', name: 'Lo-fi' }]);
    expect(Object.keys(data.users[0] ?? {}).sort()).toEqual(['avatar', 'fullName', 'id', 'username']);
  });

  it('matches category names by any word, ignoring case', async () => {
    const data = await suggestions('q=GAM');
    expect(data.categories).toEqual(['Gaming']);
    expect((await suggestions('q=hop')).subCategories).toEqual([{ category: 'Music', name: 'Hip Hop' }]);
  });

  it('answers at most 5 of each by default and honours a limit', async () => {
    for (let i = 0; i < 7; i++) await insertCreator({ username: `other_fan_${i}` });
    const byDefault = await suggestions('q=other');
    expect(byDefault.users).toHaveLength(5);
    expect(byDefault.subCategories).toHaveLength(5);
    expect(byDefault.categories).toEqual(['Other']);
    const two = await suggestions('q=other&limit=2');
    expect(two.users).toHaveLength(2);
    expect(two.subCategories).toHaveLength(2);
  });

  it('answers empty lists for text without words', async () => {
    await seedCreators();
    for (const q of ['', '"', '*', '-', 'NEAR(', '   ']) {
      expect(await suggestions(`q=${encodeURIComponent(q)}`)).toMatchObject({
        categories: [],
        subCategories: [],
      });
    }
    expect(await suggestions('q=%22')).toEqual({ users: [], categories: [], subCategories: [] });
  });

  it('refuses a limit over 100', async () => {
    expect((await getJson('/api/users/search/suggestions?q=a&limit=101')).status).toBe(400);
  });
});

describe('GET /api/users/search/category', () => {
  const byCategory = async (query: string) => {
    const { status, body } = await getJson(`/api/users/search/category?${query}`);
    expect(status).toBe(200);
    return usersSchema.parse(body).data;
  };

  const seedCategories = async () => {
    await insertCreator({ username: 'val_small', subCategory: 'Valorant', followers: 2 });
    await insertCreator({ username: 'val_big', subCategory: 'Valorant', followers: 80 });
    await insertCreator({ username: 'mc_mid', subCategory: 'Minecraft', followers: 30 });
    await insertCreator({ username: 'singer', category: 'Music', subCategory: 'Pop', followers: 999 });
  };

  it('lists the users of a category, most followed first', async () => {
    await seedCategories();
    expect(usernames(await byCategory('category=Gaming'))).toEqual(['val_big', 'mc_mid', 'val_small']);
    expect(await byCategory('category=Music')).toMatchObject([
      { username: 'singer', category: 'Music', subCategory: 'Pop', rank: 1, views: 0 },
    ]);
  });

  it('narrows to a sub-category', async () => {
    await seedCategories();
    expect(usernames(await byCategory('category=Gaming&subCategory=Valorant'))).toEqual([
      'val_big',
      'val_small',
    ]);
    expect(await byCategory('category=Gaming&subCategory=Pop')).toEqual([]);
  });

  it('answers 20 users by default and honours a limit', async () => {
    for (let i = 0; i < 22; i++) await insertCreator({ username: `player_${i}` });
    expect(await byCategory('category=Gaming')).toHaveLength(20);
    expect(await byCategory('category=Gaming&limit=50')).toHaveLength(22);
    expect(await byCategory('category=Gaming&limit=3')).toHaveLength(3);
  });

  it('answers an empty list for an unknown category', async () => {
    await seedCategories();
    expect(await byCategory('category=Knitting')).toEqual([]);
  });

  it.each([
    ['no category', ''],
    ['an empty category', 'category='],
    ['a limit over 100', 'category=Gaming&limit=101'],
  ])('refuses %s with a 400', async (_name, query) => {
    const { status, body } = await getJson(`/api/users/search/category?${query}`);
    expect(status).toBe(400);
    expect(errorMessage(body).code).toBe('bad_request');
  });
});
