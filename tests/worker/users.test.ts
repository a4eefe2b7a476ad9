import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { SessionInfoSchema } from '../../schema/auth';
import { CategorySchema, TopUserSchema } from '../../schema/user';
import { insertUser } from '../factories/content';
import { registeredUser } from '../factories/engagement';
import { getJson } from './http';

describe('GET /api/users/categories', () => {
  it('lists the category tree with Gaming > Valorant first', async () => {
    const { status, body } = await getJson('/api/users/categories');
    expect(status).toBe(200);
    const { data } = dataEnvelope(z.array(CategorySchema)).parse(body);
    expect(data[0]).toMatchObject({ name: 'Gaming' });
    expect(data[0]?.subCategories[0]).toBe('Valorant');
    expect(data.every((category) => category.subCategories.length > 0)).toBe(true);
  });
});

describe('GET /api/auth/me', () => {
  // Signed-in requests read the caller without counting their rank; this answer still shows it.
  it("answers the caller's own record with the rank of the top list and the email", async () => {
    await insertUser(env.DB, { followers: 900 });
    await insertUser(env.DB, { followers: 3 });
    const { caller, user } = await registeredUser();
    const me = async () =>
      dataEnvelope(SessionInfoSchema).parse((await caller.json('/api/auth/me', 'GET')).body).data?.user;

    expect(await me()).toMatchObject({ id: user.id, rank: 3, email: `${user.username}@example.com` });
    await env.DB.prepare('UPDATE users SET followers = 50 WHERE id = ?1').bind(user.id).run();
    expect(await me()).toMatchObject({ id: user.id, rank: 2 });
  });
});

describe('GET /api/users/top', () => {
  const topSchema = dataEnvelope(z.array(TopUserSchema));

  it('orders creators by followers and ranks them from 1', async () => {
    await insertUser(env.DB, { username: 'small', followers: 3 });
    await insertUser(env.DB, { username: 'big', followers: 900 });
    await insertUser(env.DB, { username: 'middle', followers: 40 });

    const { data } = topSchema.parse((await getJson('/api/users/top')).body);
    expect(data.map((user) => user.username)).toEqual(['big', 'middle', 'small']);
    expect(data.map((user) => user.rank)).toEqual([1, 2, 3]);
    expect(data[0]).toMatchObject({
      followers: 900,
      fullName: expect.any(String),
      avatar: expect.any(String),
    });
  });

  it('answers 10 creators by default and honours a limit', async () => {
    for (let i = 0; i < 12; i++) await insertUser(env.DB, { followers: i });
    expect(topSchema.parse((await getJson('/api/users/top')).body).data).toHaveLength(10);
    expect(topSchema.parse((await getJson('/api/users/top?limit=4')).body).data).toHaveLength(4);
  });

  it('answers an empty list when nobody has signed up', async () => {
    expect(topSchema.parse((await getJson('/api/users/top')).body).data).toEqual([]);
  });
});
