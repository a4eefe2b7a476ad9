import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertUser, insertVideo } from '../factories/content';
import { insertViewRow, setMediaKeys, signUp } from '../factories/views';
import { errorMessage, newCaller } from './session';

type Owner = Awaited<ReturnType<typeof signUp>>;

const rowExists = async (id: string) =>
  (await env.DB.prepare('SELECT 1 AS found FROM videos WHERE id = ?1').bind(id).first()) !== null;
const count = async (sql: string, id: string) =>
  (await env.DB.prepare(sql).bind(id).first<{ n: number }>())?.n ?? 0;
const putObject = (key: string) => env.MEDIA.put(key, new Uint8Array([1, 2, 3]));
const objectExists = async (key: string) => (await env.MEDIA.head(key)) !== null;

describe('DELETE /api/videos/{id} and /api/videos/shorts/{id}', () => {
  let owner: Owner;
  beforeEach(async () => {
    owner = await signUp('deleting_owner');
  });

  it('deletes the owner’s video, its engagement rows, its views and its R2 media and poster', async () => {
    const video = await insertVideo(env.DB, owner.user.id);
    await setMediaKeys(env.DB, video.id, 'videos/own.mp4', 'thumbs/own.jpg');
    await putObject('videos/own.mp4');
    await putObject('thumbs/own.jpg');
    const fan = await insertUser(env.DB);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO likes (user_id, video_id, created_at) VALUES (?1, ?2, '2026-01-01T00:00:00.000Z')",
      ).bind(fan.id, video.id),
      env.DB.prepare(
        "INSERT INTO comments (id, video_id, user_id, content, created_at) VALUES ('c1', ?2, ?1, 'hi', '2026-01-01T00:00:00.000Z')",
      ).bind(fan.id, video.id),
    ]);
    await insertViewRow(env.DB, { contentType: 'videos', contentId: video.id });

    const result = await owner.caller.json(`/api/videos/${video.id}`, 'DELETE', { userId: owner.user.id });
    expect(result).toEqual({ status: 200, body: { data: true } });
    expect(await rowExists(video.id)).toBe(false);
    expect(await count('SELECT COUNT(*) AS n FROM likes WHERE video_id = ?1', video.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM comments WHERE video_id = ?1', video.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM views WHERE content_id = ?1', video.id)).toBe(0);
    expect(await objectExists('videos/own.mp4')).toBe(false);
    expect(await objectExists('thumbs/own.jpg')).toBe(false);
  });

  it('keeps R2 objects another row still uses', async () => {
    const first = await insertVideo(env.DB, owner.user.id, { type: 'short' });
    const second = await insertVideo(env.DB, owner.user.id, { type: 'short' });
    await setMediaKeys(env.DB, first.id, 'videos/shared.mp4', 'thumbs/first.jpg');
    await setMediaKeys(env.DB, second.id, 'videos/shared.mp4', 'thumbs/second.jpg');
    for (const key of ['videos/shared.mp4', 'thumbs/first.jpg', 'thumbs/second.jpg']) await putObject(key);

    const result = await owner.caller.json(`/api/videos/shorts/${first.id}`, 'DELETE', {
      userId: owner.user.id,
    });
    expect(result.status).toBe(200);
    expect(await objectExists('videos/shared.mp4')).toBe(true);
    expect(await objectExists('thumbs/first.jpg')).toBe(false);
    expect(await objectExists('thumbs/second.jpg')).toBe(true);

    await owner.caller.json(`/api/videos/shorts/${second.id}`, 'DELETE', { userId: owner.user.id });
    expect(await objectExists('videos/shared.mp4')).toBe(false);
  });

  it('keeps a tip on the video, without its link, so the money record survives', async () => {
    const video = await insertVideo(env.DB, owner.user.id);
    const tipper = await insertUser(env.DB);
    await env.DB.prepare(
      `INSERT INTO tips (id, tipper_id, receiver_id, amount, tip_type, video_id, status, created_at)
       VALUES ('tip1', ?1, ?2, 100, 'video', ?3, 'confirmed', '2026-01-01T00:00:00.000Z')`,
    )
      .bind(tipper.id, owner.user.id, video.id)
      .run();
    const result = await owner.caller.json(`/api/videos/${video.id}`, 'DELETE', { userId: owner.user.id });
    expect(result.status).toBe(200);
    const tip = await env.DB.prepare("SELECT video_id FROM tips WHERE id = 'tip1'").first<{
      video_id: null;
    }>();
    expect(tip).toEqual({ video_id: null });
  });

  it('refuses someone else’s content with 403 and keeps it', async () => {
    const video = await insertVideo(env.DB, owner.user.id);
    const other = await signUp('not_the_owner');
    const result = await other.caller.json(`/api/videos/${video.id}`, 'DELETE', { userId: other.user.id });
    expect(result.status).toBe(403);
    expect(errorMessage(result.body)).toEqual({
      code: 'forbidden',
      message: 'You can only delete your own content',
    });
    expect(await rowExists(video.id)).toBe(true);
  });

  it('refuses a body userId that is not the caller’s with 403', async () => {
    const video = await insertVideo(env.DB, owner.user.id);
    const other = await signUp('impostor');
    const result = await other.caller.json(`/api/videos/${video.id}`, 'DELETE', { userId: owner.user.id });
    expect(result.status).toBe(403);
    expect(await rowExists(video.id)).toBe(true);
  });

  it('answers 401 to a visitor, 400 without a userId and 404 for unknown or wrong-type ids', async () => {
    const video = await insertVideo(env.DB, owner.user.id);
    const short = await insertVideo(env.DB, owner.user.id, { type: 'short' });
    const body = { userId: owner.user.id };
    expect((await newCaller().json(`/api/videos/${video.id}`, 'DELETE', body)).status).toBe(401);
    expect((await owner.caller.json(`/api/videos/${video.id}`, 'DELETE', {})).status).toBe(400);
    expect((await owner.caller.json('/api/videos/unknown', 'DELETE', body)).status).toBe(404);
    expect((await owner.caller.json(`/api/videos/${short.id}`, 'DELETE', body)).status).toBe(404);
    expect((await owner.caller.json(`/api/videos/shorts/${video.id}`, 'DELETE', body)).status).toBe(404);
    expect(await rowExists(video.id)).toBe(true);
    expect(await rowExists(short.id)).toBe(true);
  });
});
