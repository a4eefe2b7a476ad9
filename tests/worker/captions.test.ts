import { env, SELF } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { VideoSchema } from '../../schema/content';
import { insertVideo } from '../factories/content';
import { signUp } from '../factories/views';
import { type Caller, errorMessage } from './session';

type Owner = Awaited<ReturnType<typeof signUp>>;

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there\n';
const videoSchema = dataEnvelope(VideoSchema);

const putCaptions = async (caller: Caller, id: string, body: BodyInit) => {
  const response = await caller.fetch(`/api/videos/${id}/captions`, {
    method: 'PUT',
    headers: { 'Content-Type': 'text/vtt' },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
};
const readVideo = async (id: string) =>
  videoSchema.parse(await (await SELF.fetch(`http://reel.test/api/videos/${id}`)).json()).data;
const objectKeyOf = (url: string) => url.replace(/^\/media\//, '');
const listCaptionObjects = async () =>
  (await env.MEDIA.list({ prefix: 'captions/' })).objects.map((o) => o.key);

describe('PUT and DELETE /api/videos/{id}/captions', () => {
  let owner: Owner;
  let videoId: string;
  beforeEach(async () => {
    owner = await signUp('captions_owner');
    videoId = (await insertVideo(env.DB, owner.user.id)).id;
  });

  it('stores the owner’s WebVTT file: the video then names a captionsUrl that serves it as text/vtt', async () => {
    expect((await readVideo(videoId)).captionsUrl).toBeNull();

    const result = await putCaptions(owner.caller, videoId, VTT);
    expect(result.status).toBe(200);
    const answered = videoSchema.parse(result.body).data;
    const { captionsUrl } = await readVideo(videoId);
    expect(captionsUrl).toMatch(/^\/media\/captions\/.+\.vtt$/);
    expect(answered.captionsUrl).toBe(captionsUrl);

    const file = await SELF.fetch(`http://reel.test${captionsUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toMatch(/^text\/vtt/);
    expect(await file.text()).toBe(VTT);
  });

  it('replaces an earlier file and deletes its object from R2', async () => {
    await putCaptions(owner.caller, videoId, VTT);
    const first = (await readVideo(videoId)).captionsUrl ?? '';
    const result = await putCaptions(owner.caller, videoId, `${VTT}\n00:00:03.000 --> 00:00:04.000\nAgain\n`);
    expect(result.status).toBe(200);
    const second = (await readVideo(videoId)).captionsUrl ?? '';
    expect(second).not.toBe(first);
    expect(await env.MEDIA.head(objectKeyOf(first))).toBeNull();
    expect(await env.MEDIA.head(objectKeyOf(second))).not.toBeNull();
  });

  it('refuses someone else’s video with 403 and stores nothing', async () => {
    const other = await signUp('captions_other');
    const before = await listCaptionObjects();
    const result = await putCaptions(other.caller, videoId, VTT);
    expect(result.status).toBe(403);
    expect(errorMessage(result.body).code).toBe('forbidden');
    expect((await readVideo(videoId)).captionsUrl).toBeNull();
    expect(await listCaptionObjects()).toEqual(before);
  });

  it('refuses a visitor with 401', async () => {
    const response = await SELF.fetch(`http://reel.test/api/videos/${videoId}/captions`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/vtt' },
      body: VTT,
    });
    expect(response.status).toBe(401);
  });

  it('refuses a file that does not start with WEBVTT with 400 and a clear message', async () => {
    const result = await putCaptions(
      owner.caller,
      videoId,
      '1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n',
    );
    expect(result.status).toBe(400);
    expect(errorMessage(result.body)).toEqual({
      code: 'bad_request',
      message: 'Captions must be a WebVTT file: its first line must be "WEBVTT"',
    });
    expect((await readVideo(videoId)).captionsUrl).toBeNull();
  });

  it('refuses a file over 256 KB with 413', async () => {
    const big = `WEBVTT\n\n${'x'.repeat(256 * 1024)}`;
    const result = await putCaptions(owner.caller, videoId, big);
    expect(result.status).toBe(413);
    expect(errorMessage(result.body)).toEqual({
      code: 'payload_too_large',
      message: 'Captions file is larger than 256 KB',
    });
    expect((await readVideo(videoId)).captionsUrl).toBeNull();
  });

  it('answers 404 for a video that does not exist', async () => {
    const result = await putCaptions(owner.caller, 'no-such-video', VTT);
    expect(result.status).toBe(404);
  });

  it('DELETE removes the captions: captionsUrl is null again and the R2 object is gone', async () => {
    await putCaptions(owner.caller, videoId, VTT);
    const url = (await readVideo(videoId)).captionsUrl ?? '';
    const response = await owner.caller.fetch(`/api/videos/${videoId}/captions`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect((await readVideo(videoId)).captionsUrl).toBeNull();
    expect(await env.MEDIA.head(objectKeyOf(url))).toBeNull();
  });

  it('DELETE by someone else is refused with 403 and keeps the file', async () => {
    await putCaptions(owner.caller, videoId, VTT);
    const url = (await readVideo(videoId)).captionsUrl ?? '';
    const other = await signUp('captions_thief');
    const response = await other.caller.fetch(`/api/videos/${videoId}/captions`, { method: 'DELETE' });
    expect(response.status).toBe(403);
    expect((await readVideo(videoId)).captionsUrl).toBe(url);
    expect(await env.MEDIA.head(objectKeyOf(url))).not.toBeNull();
  });

  it('deleting the video deletes its captions file too', async () => {
    await putCaptions(owner.caller, videoId, VTT);
    const url = (await readVideo(videoId)).captionsUrl ?? '';
    const result = await owner.caller.json(`/api/videos/${videoId}`, 'DELETE', { userId: owner.user.id });
    expect(result.status).toBe(200);
    expect(await env.MEDIA.head(objectKeyOf(url))).toBeNull();
  });
});
