import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { PartUrlsSchema, UploadResultSchema, UploadSessionSchema } from '../../schema/uploads';
import { UserSchema } from '../../schema/user';
import { parseConfig } from '../../worker/config/schema';
import { app } from '../../worker/index';
import { presignPartUrl, type S3Target } from '../../worker/s3/presign';
import { LOCAL_S3_CREDENTIALS } from '../../worker/s3/target';
import { presignedRequestProblem } from '../../worker/s3/verify';
import { videoFile } from '../factories/video-bytes';
import { type Caller, errorMessage, signIn } from './session';

const MiB = 1024 * 1024;
const PART = 8 * MiB;
const LOCAL_TARGET: S3Target = {
  endpoint: 'http://reel.test/s3',
  bucket: 'reel-media',
  ...LOCAL_S3_CREDENTIALS,
};

const partOf = (file: Uint8Array, n: number) => file.slice((n - 1) * PART, n * PART);

const sha256 = async (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');

const registered = async () => {
  const username = `s3_${crypto.randomUUID().slice(0, 8)}`;
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Direct Uploader',
    email: `${username}@example.com`,
    description: 'Sends parts straight to storage.',
    avatar: '/media/images/a.png',
    aptosAddress: wallet.address,
  });
  return { caller, user: dataEnvelope(UserSchema).parse(result.body).data };
};

const create = async (caller: Caller, userId: string, size = 12 * MiB) => {
  const result = await caller.json('/api/videos/uploads', 'POST', {
    fileName: 'Direct.mp4',
    size,
    contentType: 'video/mp4',
    title: 'Straight to storage',
    userId,
    duration: 95,
    width: 1280,
    height: 720,
  });
  expect(result.status).toBe(201);
  return dataEnvelope(UploadSessionSchema).parse(result.body).data;
};

const sign = (caller: Caller, id: string, partNumbers: number[]) =>
  caller.json(`/api/videos/uploads/${id}/parts/sign`, 'POST', { partNumbers });

const signedUrls = async (caller: Caller, id: string, partNumbers: number[]) => {
  const result = await sign(caller, id, partNumbers);
  expect(result.status).toBe(200);
  return new Map(
    dataEnvelope(PartUrlsSchema)
      .parse(result.body)
      .data.parts.map((p) => [p.partNumber, p.url]),
  );
};

/** What the browser does with a part URL: PUT the bytes, no cookie, and read the ETag. */
const putTo = (url: string, body: Uint8Array) => SELF.fetch(url, { method: 'PUT', body });

const record = (caller: Caller, id: string, n: number, etag: string) =>
  caller.json(`/api/videos/uploads/${id}/parts/${n}`, 'PUT', { etag });

const session = async (caller: Caller, id: string) =>
  dataEnvelope(UploadSessionSchema).parse((await caller.json(`/api/videos/uploads/${id}`, 'GET')).body).data;

const expectRefused = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(response.headers.get('etag')).toBeNull();
  expect(errorMessage(await response.json()).code).toBe('forbidden');
};

describe('presigned part URLs (direct upload to object storage)', { timeout: 30_000 }, () => {
  it('takes a part PUT to its presigned URL with 200 and an ETag, and the parts complete into the file', async () => {
    const { caller, user } = await registered();
    const file = videoFile();
    const { id } = await create(caller, user.id);
    const urls = await signedUrls(caller, id, [1, 2]);
    expect(urls.get(1)).toMatch(
      /^http:\/\/reel\.test\/s3\/reel-media\/videos\/[a-z0-9]+\.mp4\?partNumber=1&/,
    );
    expect(urls.get(1)).toContain('X-Amz-Expires=900');

    for (const n of [1, 2]) {
      const put = await putTo(urls.get(n) ?? '', partOf(file, n));
      expect(put.status).toBe(200);
      const etag = put.headers.get('etag') ?? '';
      expect(etag).toMatch(/^".+"$/);
      expect((await record(caller, id, n, etag)).status).toBe(200);
    }
    expect((await session(caller, id)).parts).toEqual([
      { partNumber: 1, size: PART },
      { partNumber: 2, size: 4 * MiB },
    ]);

    const done = await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {});
    expect(done.status).toBe(201);
    const { data } = UploadResultSchema.parse(done.body);
    const media = await caller.fetch(data.videoUrl);
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(file));
  });

  it('refuses a tampered signature, a changed part number and an expired URL with 403, writing nothing', async () => {
    const { caller, user } = await registered();
    const file = videoFile(6 * MiB);
    const { id, multipartUploadId } = await create(caller, user.id, file.byteLength);
    const good = new URL((await signedUrls(caller, id, [1])).get(1) ?? '');

    const tampered = new URL(good);
    const signature = tampered.searchParams.get('X-Amz-Signature') ?? '';
    tampered.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    await expectRefused(await putTo(tampered.toString(), file));

    const otherPart = new URL(good);
    otherPart.searchParams.set('partNumber', '2');
    await expectRefused(await putTo(otherPart.toString(), file));

    const otherKey = new URL(good);
    otherKey.pathname = otherKey.pathname.replace(/\.mp4$/, '.mov');
    await expectRefused(await putTo(otherKey.toString(), file));

    const key = decodeURIComponent(good.pathname.replace('/s3/reel-media/', ''));
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    const expired = await presignPartUrl(
      LOCAL_TARGET,
      { key, uploadId: multipartUploadId, partNumber: 1 },
      twentyMinutesAgo,
    );
    await expectRefused(await putTo(expired, file));

    const wrongSecret = await presignPartUrl(
      { ...LOCAL_TARGET, secretAccessKey: 'not-the-secret' },
      { key, uploadId: multipartUploadId, partNumber: 1 },
      new Date(),
    );
    await expectRefused(await putTo(wrongSecret, file));

    // Nothing landed: no ETag went out, so no part is held, and the upload still takes the real part.
    expect((await session(caller, id)).parts).toEqual([]);
    const put = await putTo(good.toString(), file);
    expect(put.status).toBe(200);
  });

  it("will not sign part URLs for another user's upload (403), a finished one (409) or a part past the end (400)", async () => {
    const owner = await registered();
    const other = await registered();
    const file = videoFile(6 * MiB);
    const { id } = await create(owner.caller, owner.user.id, file.byteLength);
    const stolen = await sign(other.caller, id, [1]);
    expect(stolen.status).toBe(403);
    expect(errorMessage(stolen.body).code).toBe('forbidden');
    expect((await record(other.caller, id, 1, '"abc"')).status).toBe(403);
    expect((await sign(owner.caller, id, [2])).status).toBe(400);
    expect((await sign(owner.caller, id, [])).status).toBe(400);

    const put = await putTo((await signedUrls(owner.caller, id, [1])).get(1) ?? '', file);
    await record(owner.caller, id, 1, put.headers.get('etag') ?? '');
    expect((await owner.caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {})).status).toBe(201);
    expect((await sign(owner.caller, id, [1])).status).toBe(409);
  });

  it('refuses to complete parts that are not a video with 415 and keeps no object', async () => {
    const { caller, user } = await registered();
    const text = new Uint8Array(6 * MiB).fill(0x41);
    const { id } = await create(caller, user.id, text.byteLength);
    const put = await putTo((await signedUrls(caller, id, [1])).get(1) ?? '', text);
    await record(caller, id, 1, put.headers.get('etag') ?? '');
    const done = await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {});
    expect(done.status).toBe(415);
    expect((await caller.json(`/api/videos/uploads/${id}`, 'GET')).status).toBe(404);
    const { objects } = await env.MEDIA.list({ prefix: 'videos/' });
    expect(objects.filter((object) => object.size === text.byteLength)).toEqual([]);
  });

  it('answers 409 for an ETag storage never issued, and forgets the parts so the client sends them again', async () => {
    const { caller, user } = await registered();
    const file = videoFile(6 * MiB);
    const { id } = await create(caller, user.id, file.byteLength);
    await putTo((await signedUrls(caller, id, [1])).get(1) ?? '', file);
    await record(caller, id, 1, '"made-up"');
    const done = await caller.json(`/api/videos/uploads/${id}/complete`, 'POST', {});
    expect(done.status).toBe(409);
    expect((await session(caller, id)).parts).toEqual([]);
  });

  it('signs production URLs for R2 that only the right secret verifies', async () => {
    const r2: S3Target = {
      endpoint: 'https://0123abcd.r2.cloudflarestorage.com',
      bucket: 'reel-media',
      accessKeyId: 'AKID',
      secretAccessKey: 'r2-secret',
    };
    const now = new Date();
    const url = await presignPartUrl(r2, { key: 'videos/abc.mp4', uploadId: 'up~1', partNumber: 3 }, now);
    expect(url).toMatch(
      /^https:\/\/0123abcd\.r2\.cloudflarestorage\.com\/reel-media\/videos\/abc\.mp4\?partNumber=3&uploadId=up%7E1&/,
    );
    expect(url).toContain('X-Amz-Credential=AKID%2F');
    expect(url).toContain('%2Fauto%2Fs3%2Faws4_request');
    expect(await presignedRequestProblem(new Request(url, { method: 'PUT' }), r2, now)).toBeNull();
    expect(
      await presignedRequestProblem(
        new Request(url, { method: 'PUT' }),
        { ...r2, secretAccessKey: 'x' },
        now,
      ),
    ).toBe('The signature does not match');
    expect(await presignedRequestProblem(new Request(url, { method: 'GET' }), r2, now)).toBe(
      'The signature does not match',
    );
  });

  it('points part URLs at R2 once R2_S3_ENDPOINT is set, and then the local /s3 is gone', async () => {
    const r2 = {
      ...env,
      R2_S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
      R2_BUCKET_NAME: 'reel-prod',
      R2_ACCESS_KEY_ID: 'AKID',
      R2_SECRET_ACCESS_KEY: 'r2-secret',
    } as Env;
    const { caller, user } = await registered();
    const { id } = await create(caller, user.id, 6 * MiB);
    const signed = await app.request(
      `http://reel.test/api/videos/uploads/${id}/parts/sign`,
      {
        method: 'POST',
        headers: { Cookie: caller.cookie ?? '', 'Content-Type': 'application/json' },
        body: JSON.stringify({ partNumbers: [1] }),
      },
      r2,
    );
    expect(signed.status).toBe(200);
    const [part] = dataEnvelope(PartUrlsSchema).parse(await signed.json()).data.parts;
    expect(part?.url).toMatch(/^https:\/\/0123abcd\.r2\.cloudflarestorage\.com\/reel-prod\/videos\//);
    const local = (await signedUrls(caller, id, [1])).get(1) ?? '';
    expect((await app.request(local, { method: 'PUT', body: videoFile(6 * MiB) }, r2)).status).toBe(404);
  });

  it('refuses a config with the local S3 endpoint off LOCAL_PROVIDERS, or R2 without its keys', () => {
    const problems = (source: Record<string, unknown>) => {
      const result = parseConfig(source);
      return result.ok ? [] : result.problems.map((problem) => problem.variable);
    };
    const local = { ...env } as Record<string, unknown>;
    expect(problems(local)).toEqual([]);
    expect(problems({ ...local, LOCAL_PROVIDERS: undefined })).toContain('R2_S3_ENDPOINT');
    expect(problems({ ...local, R2_S3_ENDPOINT: 'https://a.r2.cloudflarestorage.com' })).toEqual([
      'R2_BUCKET_NAME',
      'R2_ACCESS_KEY_ID',
      'R2_SECRET_ACCESS_KEY',
    ]);
    expect(
      problems({
        ...local,
        R2_S3_ENDPOINT: 'http://a.r2.cloudflarestorage.com',
        R2_BUCKET_NAME: 'b',
        R2_ACCESS_KEY_ID: 'k',
        R2_SECRET_ACCESS_KEY: 's',
      }),
    ).toEqual(['R2_S3_ENDPOINT']);
  });
});
