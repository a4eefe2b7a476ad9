import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { VideoSchema } from '../../schema/content';
import { insertUser, insertVideo } from '../factories/content';
import { signUp } from '../factories/views';
import { getJson } from './http';
import { errorMessage, newCaller } from './session';

const videoSchema = dataEnvelope(VideoSchema);
const listSchema = dataEnvelope(z.array(VideoSchema));
const titles = (body: unknown) => listSchema.parse(body).data.map((video) => video.title);
const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 0, minute)).toISOString();

describe('GET /api/videos/{id}', () => {
  it('answers a long video with its creator', async () => {
    const creator = await insertUser(env.DB, { username: 'director', followers: 3 });
    const video = await insertVideo(env.DB, creator.id, { title: 'The long one' });
    const { status, body } = await getJson(`/api/videos/${video.id}`);
    expect(status).toBe(200);
    expect(videoSchema.parse(body).data).toMatchObject({
      id: video.id,
      type: 'video',
      title: 'The long one',
      creator: 'director',
      creatorFollowers: 3,
      isPublic: true,
    });
  });

  it('answers 404 for an unknown id and for a short asked as a video', async () => {
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short' });
    for (const id of ['no-such-video', short.id]) {
      const { status, body } = await getJson(`/api/videos/${id}`);
      expect(status).toBe(404);
      expect(errorMessage(body)).toEqual({ code: 'not_found', message: 'Video not found' });
    }
  });

  it('hides a private video from visitors and other users but shows it to its owner', async () => {
    const owner = await signUp('private_owner');
    const video = await insertVideo(env.DB, owner.user.id, { isPublic: false });
    const other = await signUp('curious_other');

    expect((await getJson(`/api/videos/${video.id}`)).status).toBe(404);
    expect((await other.caller.json(`/api/videos/${video.id}`, 'GET')).status).toBe(404);
    const mine = await owner.caller.json(`/api/videos/${video.id}`, 'GET');
    expect(mine.status).toBe(200);
    expect(videoSchema.parse(mine.body).data.isPublic).toBe(false);
  });

  it('leaves /videos/upload and /videos/uploads to the uploads routes', async () => {
    const creator = await insertUser(env.DB);
    await insertVideo(env.DB, creator.id);
    for (const path of ['/api/videos/upload', '/api/videos/uploads']) {
      const { status, body } = await getJson(path);
      expect(status).toBe(404);
      expect(errorMessage(body).message).toMatch(/^No route for GET/);
    }
  });
});

describe('GET /api/videos/shorts', () => {
  it('lists every public short newest first, without long videos or private shorts', async () => {
    const creator = await insertUser(env.DB);
    await insertVideo(env.DB, creator.id, { type: 'short', title: 'first', createdAt: at(1) });
    await insertVideo(env.DB, creator.id, { type: 'short', title: 'second', createdAt: at(2) });
    await insertVideo(env.DB, creator.id, {
      type: 'short',
      title: 'secret',
      createdAt: at(3),
      isPublic: false,
    });
    await insertVideo(env.DB, creator.id, { type: 'video', title: 'long' });
    const { status, body } = await getJson('/api/videos/shorts');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['second', 'first']);
  });
});

describe('GET /api/videos/shorts/{id}', () => {
  it('answers a short, and 404 for a long video, an unknown id or a private short of someone else', async () => {
    const owner = await signUp('short_owner');
    const short = await insertVideo(env.DB, owner.user.id, { type: 'short', title: 'vertical' });
    const video = await insertVideo(env.DB, owner.user.id, { type: 'video' });
    const hidden = await insertVideo(env.DB, owner.user.id, { type: 'short', isPublic: false });

    const found = await getJson(`/api/videos/shorts/${short.id}`);
    expect(videoSchema.parse(found.body).data).toMatchObject({ type: 'short', title: 'vertical' });
    for (const id of [video.id, 'nope', hidden.id]) {
      const { status, body } = await getJson(`/api/videos/shorts/${id}`);
      expect(status).toBe(404);
      expect(errorMessage(body).message).toBe('Video not found');
    }
    expect((await owner.caller.json(`/api/videos/shorts/${hidden.id}`, 'GET')).status).toBe(200);
  });
});

describe('GET /api/videos/shorts/around/{id}', () => {
  let ids: string[] = [];
  beforeEach(async () => {
    const creator = await insertUser(env.DB);
    ids = [];
    // Feed order is newest first: s0 is the newest, s19 the oldest.
    for (let i = 0; i < 20; i++) {
      const short = await insertVideo(env.DB, creator.id, {
        type: 'short',
        title: `s${i}`,
        createdAt: at(100 - i),
      });
      ids.push(short.id);
    }
    await insertVideo(env.DB, creator.id, {
      type: 'short',
      title: 'private',
      createdAt: at(50),
      isPublic: false,
    });
  });

  it('answers 10 shorts centred on the given one, in feed order', async () => {
    const { status, body } = await getJson(`/api/videos/shorts/around/${ids[10]}`);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['s6', 's7', 's8', 's9', 's10', 's11', 's12', 's13', 's14', 's15']);
  });

  it('keeps the window full at either end of the feed', async () => {
    expect(titles((await getJson(`/api/videos/shorts/around/${ids[1]}?limit=5`)).body)).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
    ]);
    expect(titles((await getJson(`/api/videos/shorts/around/${ids[19]}?limit=3`)).body)).toEqual([
      's17',
      's18',
      's19',
    ]);
  });

  it('answers 404 for an unknown short and 400 for a bad limit', async () => {
    expect((await getJson('/api/videos/shorts/around/unknown')).status).toBe(404);
    const bad = await getJson(`/api/videos/shorts/around/${ids[0]}?limit=0`);
    expect(bad.status).toBe(400);
    expect(errorMessage(bad.body).code).toBe('bad_request');
  });
});

describe('GET /api/videos/user/{userId} and /api/videos/shorts/user/{userId}', () => {
  it("lists a user's public items of one type, newest first", async () => {
    const owner = await signUp('list_owner');
    const someoneElse = await insertUser(env.DB);
    await insertVideo(env.DB, owner.user.id, { title: 'v1', createdAt: at(1) });
    await insertVideo(env.DB, owner.user.id, { title: 'v2', createdAt: at(2) });
    await insertVideo(env.DB, owner.user.id, { title: 'v-private', createdAt: at(3), isPublic: false });
    await insertVideo(env.DB, owner.user.id, { type: 'short', title: 's1', createdAt: at(4) });
    await insertVideo(env.DB, owner.user.id, { type: 'short', title: 's-private', isPublic: false });
    await insertVideo(env.DB, someoneElse.id, { title: 'not theirs' });

    expect(titles((await getJson(`/api/videos/user/${owner.user.id}`)).body)).toEqual(['v2', 'v1']);
    expect(titles((await getJson(`/api/videos/shorts/user/${owner.user.id}`)).body)).toEqual(['s1']);
  });

  it('shows the signed-in owner their private items too', async () => {
    const owner = await signUp('studio_owner');
    await insertVideo(env.DB, owner.user.id, { title: 'public', createdAt: at(1) });
    await insertVideo(env.DB, owner.user.id, { title: 'private', createdAt: at(2), isPublic: false });
    await insertVideo(env.DB, owner.user.id, { type: 'short', title: 'private short', isPublic: false });

    expect(titles((await owner.caller.json(`/api/videos/user/${owner.user.id}`, 'GET')).body)).toEqual([
      'private',
      'public',
    ]);
    expect(titles((await owner.caller.json(`/api/videos/shorts/user/${owner.user.id}`, 'GET')).body)).toEqual(
      ['private short'],
    );
    const other = await signUp('other_viewer');
    expect(titles((await other.caller.json(`/api/videos/user/${owner.user.id}`, 'GET')).body)).toEqual([
      'public',
    ]);
  });

  it('answers 404 for an unknown user and 400 for a bad page', async () => {
    expect((await getJson('/api/videos/user/nobody')).status).toBe(404);
    expect((await getJson('/api/videos/shorts/user/nobody')).status).toBe(404);
    const creator = await insertUser(env.DB);
    expect((await getJson(`/api/videos/user/${creator.id}?limit=500`)).status).toBe(400);
    expect((await newCaller().json(`/api/videos/shorts/user/${creator.id}?offset=-1`, 'GET')).status).toBe(
      400,
    );
  });
});
