import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ShortsPageSchema, VideoSchema } from '../../schema/content';
import { insertUser, insertVideo } from '../factories/content';
import { getJson } from './http';

const videosSchema = dataEnvelope(z.array(VideoSchema));
const shortsSchema = dataEnvelope(ShortsPageSchema);

describe('GET /api/videos', () => {
  let creatorId = '';
  beforeEach(async () => {
    creatorId = (await insertUser(env.DB, { username: 'maker', followers: 7 })).id;
  });

  it('lists public long videos newest first with their creator', async () => {
    await insertVideo(env.DB, creatorId, { title: 'older', createdAt: '2026-03-01T00:00:00.000Z' });
    await insertVideo(env.DB, creatorId, { title: 'newer', createdAt: '2026-03-02T00:00:00.000Z' });
    await insertVideo(env.DB, creatorId, { title: 'a short', type: 'short' });
    await insertVideo(env.DB, creatorId, { title: 'hidden', isPublic: false });

    const { data } = videosSchema.parse((await getJson('/api/videos')).body);
    expect(data.map((video) => video.title)).toEqual(['newer', 'older']);
    expect(data[0]).toMatchObject({
      type: 'video',
      creator: 'maker',
      creatorFollowers: 7,
      videoUrl: expect.stringMatching(/^\/media\/videos\//),
      thumbnail: expect.stringMatching(/^\/media\/thumbs\//),
      tags: ['demo'],
    });
  });

  it('answers 15 videos by default', async () => {
    for (let i = 0; i < 17; i++) await insertVideo(env.DB, creatorId);
    expect(videosSchema.parse((await getJson('/api/videos')).body).data).toHaveLength(15);
    expect(videosSchema.parse((await getJson('/api/videos?limit=3')).body).data).toHaveLength(3);
  });
});

describe('GET /api/videos/shorts/paginated', () => {
  it('pages through shorts by offset and says when no more follow', async () => {
    const creator = await insertUser(env.DB);
    for (let i = 0; i < 25; i++) {
      await insertVideo(env.DB, creator.id, {
        type: 'short',
        title: `short ${i}`,
        createdAt: new Date(Date.UTC(2026, 4, 1, 0, i)).toISOString(),
      });
    }
    await insertVideo(env.DB, creator.id, { type: 'video' });

    const first = shortsSchema.parse((await getJson('/api/videos/shorts/paginated')).body).data;
    expect(first).toMatchObject({ total: 25, limit: 20, offset: 0, hasMore: true });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.title).toBe('short 24');

    const second = shortsSchema.parse((await getJson('/api/videos/shorts/paginated?offset=20')).body).data;
    expect(second).toMatchObject({ offset: 20, hasMore: false });
    expect(second.items.map((item) => item.title)).toEqual([
      'short 4',
      'short 3',
      'short 2',
      'short 1',
      'short 0',
    ]);
    expect(second.items.every((item) => item.type === 'short')).toBe(true);
  });
});
