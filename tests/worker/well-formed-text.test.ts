import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { TEXT_NOT_WELL_FORMED } from '../../schema/common';
import { creatorWithContent, registeredUser } from '../factories/engagement';
import { fundUser, seedTreasury } from '../factories/ledger';
import { errorMessage } from './session';

/** Half of a surrogate pair: JSON carries it as `"\ud800"`, but it has no UTF-8 form for D1 to store. */
const BROKEN = 'Thanks \ud800 a lot';

const rowsOf = async (sql: string, id: string) =>
  (await env.DB.prepare(sql).bind(id).first<{ n: number }>())?.n;

const expectRefused = (result: { status: number; body: unknown }, field: string) => {
  expect(result.status).toBe(400);
  expect(errorMessage(result.body)).toEqual({
    code: 'bad_request',
    message: `${field}: ${TEXT_NOT_WELL_FORMED}`,
  });
};

describe('text with an unpaired surrogate', () => {
  it('is refused as a tip message, and no tip is recorded', async () => {
    await seedTreasury(env.DB, 10_000);
    const { creator } = await creatorWithContent();
    const fan = await registeredUser();
    await fundUser(env.DB, fan.user.id, 1000);
    const result = await fan.caller.json('/api/tips', 'POST', {
      tipperId: fan.user.id,
      receiverId: creator.user.id,
      amount: 100,
      tipType: 'general',
      message: BROKEN,
    });
    expectRefused(result, 'message');
    expect(await rowsOf('SELECT COUNT(*) AS n FROM tips WHERE tipper_id = ?1', fan.user.id)).toBe(0);
  });

  it('is refused as a comment, and no comment is stored', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const result = await fan.caller.json(`/api/comments/videos/${video.id}`, 'POST', {
      userId: fan.user.id,
      content: BROKEN,
    });
    expectRefused(result, 'content');
    expect(await rowsOf('SELECT COUNT(*) AS n FROM comments WHERE user_id = ?1', fan.user.id)).toBe(0);
  });

  it('is refused as a video title, and no upload starts', async () => {
    const creator = await registeredUser();
    const result = await creator.caller.json('/api/videos/uploads', 'POST', {
      fileName: 'take.mp4',
      size: 1024,
      contentType: 'video/mp4',
      title: `Take \udfff`,
      userId: creator.user.id,
      duration: 5,
    });
    expectRefused(result, 'title');
    expect(await rowsOf('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ?1', creator.user.id)).toBe(0);
  });

  it('is refused as a stream key name, and no key is made', async () => {
    const owner = await registeredUser();
    const result = await owner.caller.json('/api/stream-keys', 'POST', {
      name: 'Studio \ud83d',
      userId: owner.user.id,
    });
    expectRefused(result, 'name');
    expect(await rowsOf('SELECT COUNT(*) AS n FROM stream_keys WHERE user_id = ?1', owner.user.id)).toBe(0);
  });

  it('is told apart from an emoji, whose surrogates are paired', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const result = await fan.caller.json(`/api/comments/videos/${video.id}`, 'POST', {
      userId: fan.user.id,
      content: 'Lovely 🌱',
    });
    expect(result.status).toBe(201);
    const stored = await env.DB.prepare('SELECT content FROM comments WHERE user_id = ?1')
      .bind(fan.user.id)
      .first<{ content: string }>();
    expect(stored?.content).toBe('Lovely 🌱');
  });
});
