import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { UploadResultSchema, UploadSessionSchema } from '../../schema/uploads';
import { UserSchema } from '../../schema/user';

import { type Caller, errorMessage, signIn } from './session';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const ascii = (text: string) => [...new TextEncoder().encode(text)];
const OPEN_LIMIT = 'You have 3 uploads in progress. Finish or cancel one before starting another.';
const DAILY_LIMIT = 'Daily upload limit reached: 10 GB per 24 hours. Try again later.';

const registered = async (username = `q_${crypto.randomUUID().slice(0, 8)}`) => {
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Quota Tester',
    email: `${username}@example.com`,
    description: 'A creator who uploads a lot.',
    avatar: '/media/images/a.png',
    aptosAddress: wallet.address,
  });
  return { caller, user: dataEnvelope(UserSchema).parse(result.body).data };
};

const create = (caller: Caller, userId: string, size = 12 * MiB) =>
  caller.json('/api/videos/uploads', 'POST', {
    fileName: 'Take.mp4',
    size,
    contentType: 'video/mp4',
    title: 'A take',
    description: '',
    userId,
    isPublic: true,
    duration: 95,
    width: 1280,
    height: 720,
  });

const created = async (caller: Caller, userId: string, size = 12 * MiB) => {
  const result = await create(caller, userId, size);
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return dataEnvelope(UploadSessionSchema).parse(result.body).data;
};

const expectQuotaRefusal = (result: { status: number; body: unknown }, message: string) => {
  expect(result.status).toBe(429);
  expect(errorMessage(result.body)).toEqual({ code: 'quota_exceeded', message });
};

const uploadRows = async (userId: string) =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads WHERE user_id = ?1')
      .bind(userId)
      .first<{ n: number }>()
  )?.n ?? 0;

/** Moves every upload, video and counted byte of the user 25 hours into the past. */
const ageByADay = (userId: string) =>
  env.DB.batch(
    ['uploads', 'videos', 'upload_usage'].map((table) =>
      env.DB.prepare(
        `UPDATE ${table} SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours') WHERE user_id = ?1`,
      ).bind(userId),
    ),
  );

const directUpload = (caller: Caller, userId: string) => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 31) & 0xff);
  bytes.set([0, 0, 0, 0x18, ...ascii('ftypmp42'), 0, 0, 0, 0, ...ascii('mp42isom')]);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: 'Clip',
    userId,
    duration: '12',
    width: '1920',
    height: '1080',
  }))
    form.set(name, value);
  form.set('video', new File([bytes], 'clip.mp4', { type: 'video/mp4' }));
  return caller.fetch('/api/videos/upload/file', { method: 'POST', body: form });
};

describe('upload quotas', () => {
  it('refuses a fourth open multipart upload with 429 and creates nothing; cancelling one frees its place', async () => {
    const { caller, user } = await registered();
    const first = await created(caller, user.id);
    await created(caller, user.id);
    await created(caller, user.id);

    expectQuotaRefusal(await create(caller, user.id), OPEN_LIMIT);
    expect(await uploadRows(user.id)).toBe(3);

    expect((await caller.json(`/api/videos/uploads/${first.id}`, 'DELETE')).status).toBe(200);
    await created(caller, user.id);
  });

  it('refuses the fourth of four parallel creates, never opening more than three', async () => {
    const { caller, user } = await registered();
    const results = await Promise.all(Array.from({ length: 6 }, () => create(caller, user.id)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(3);
    expect(results.filter((result) => result.status === 429)).toHaveLength(3);
    expect(await uploadRows(user.id)).toBe(3);
  });

  it('no longer counts an upload left open for more than 24 hours', async () => {
    const { caller, user } = await registered();
    for (let n = 0; n < 3; n++) await created(caller, user.id);
    await ageByADay(user.id);
    await created(caller, user.id);
  });

  it('refuses a multipart upload past the daily 10 GB and creates nothing', async () => {
    const { caller, user } = await registered();
    await created(caller, user.id, 4 * GiB);
    await created(caller, user.id, 4 * GiB);

    expectQuotaRefusal(await create(caller, user.id, 2 * GiB + 1), DAILY_LIMIT);
    expect(await uploadRows(user.id)).toBe(2);
    await created(caller, user.id, 2 * GiB);
  });

  it('counts one-request uploads toward the daily quota, and refuses one past it before storing anything', async () => {
    const { caller, user } = await registered();
    expect((await directUpload(caller, user.id)).status).toBe(201);
    await created(caller, user.id, 4 * GiB);
    await created(caller, user.id, 4 * GiB);
    expectQuotaRefusal(await create(caller, user.id, 2 * GiB), DAILY_LIMIT);
    await created(caller, user.id, 2 * GiB - 4096);

    const before = (await env.MEDIA.list()).objects.length;
    const refused = await directUpload(caller, user.id);
    expectQuotaRefusal({ status: refused.status, body: await refused.json() }, DAILY_LIMIT);
    expect((await env.MEDIA.list()).objects).toHaveLength(before);
    const videos = await env.DB.prepare('SELECT COUNT(*) AS n FROM videos WHERE user_id = ?1')
      .bind(user.id)
      .first<{ n: number }>();
    expect(videos?.n).toBe(1);
  });

  it('keeps counting an aborted upload: declare-and-abort cycles stop at the daily 10 GB', async () => {
    const { caller, user } = await registered();
    const accepted: number[] = [];
    for (let n = 0; n < 6; n++) {
      const result = await create(caller, user.id, 4 * GiB);
      if (result.status !== 201) {
        expectQuotaRefusal(result, DAILY_LIMIT);
        break;
      }
      const { id } = dataEnvelope(UploadSessionSchema).parse(result.body).data;
      expect((await caller.json(`/api/videos/uploads/${id}`, 'DELETE')).status).toBe(200);
      accepted.push(4 * GiB);
    }
    expect(accepted).toEqual([4 * GiB, 4 * GiB]);
    expect(await uploadRows(user.id)).toBe(0);
    await created(caller, user.id, 2 * GiB);
  });

  it('keeps counting an upload whose video was deleted', async () => {
    const { caller, user } = await registered();
    const stored = await directUpload(caller, user.id);
    expect(stored.status).toBe(201);
    const { id } = UploadResultSchema.parse(await stored.json()).data;
    expect((await caller.json(`/api/videos/${id}`, 'DELETE', { userId: user.id })).status).toBe(200);
    await created(caller, user.id, 4 * GiB);
    await created(caller, user.id, 4 * GiB);
    expectQuotaRefusal(await create(caller, user.id, 2 * GiB), DAILY_LIMIT);
    await created(caller, user.id, 2 * GiB - 4096);
  });

  it('counts only the last 24 hours toward the daily quota', async () => {
    const { caller, user } = await registered();
    await created(caller, user.id, 4 * GiB);
    await created(caller, user.id, 4 * GiB);
    await ageByADay(user.id);
    await created(caller, user.id, 4 * GiB);
    await created(caller, user.id, 4 * GiB);
  });
});
