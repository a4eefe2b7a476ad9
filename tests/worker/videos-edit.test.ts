import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { type Video, VideoListSchema, VideoSchema } from '../../schema/content';
import { insertVideo } from '../factories/content';
import { registeredUser } from '../factories/engagement';
import { JPEG_40, PNG_1, WEBP_32, WEBP_LOSSLESS_24 } from './poster-bytes';
import { type Caller, errorMessage } from './session';

const BASE = 'http://reel.test';
const videoAnswer = dataEnvelope(VideoSchema);
const imageAnswer = dataEnvelope(z.object({ url: z.string() }));

const patch = (caller: Caller, id: string, body: unknown) => caller.json(`/api/videos/${id}`, 'PATCH', body);

/** The video as a visitor reads it; null when it answers 404. */
const readAsVisitor = async (id: string): Promise<Video | null> => {
  const response = await SELF.fetch(`${BASE}/api/videos/${id}`);
  if (response.status === 404) return null;
  return videoAnswer.parse(await response.json()).data;
};

/** What the row holds, straight from D1 (private rows included). */
const rowOf = (id: string) =>
  env.DB.prepare(
    `SELECT title, description, tags, is_public, thumbnail_key,
            (SELECT COUNT(*) FROM video_posters WHERE video_id = videos.id) AS sizes
     FROM videos WHERE id = ?1`,
  )
    .bind(id)
    .first();

const uploadImage = async (caller: Caller, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  const response = await caller.fetch('/api/files/image', { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return imageAnswer.parse(await response.json()).data.url;
};

const publicFeed = async () =>
  dataEnvelope(VideoListSchema)
    .parse(await (await SELF.fetch(`${BASE}/api/videos?limit=100`)).json())
    .data.map((video) => video.id);

const ownedVideo = async () => {
  const owner = await registeredUser();
  const video = await insertVideo(env.DB, owner.user.id, { title: 'First title', tags: ['demo'] });
  return { owner, video };
};

describe('PATCH /api/videos/{id}', () => {
  it('lets the owner change the title, description and tags, each alone, and everyone reads them', async () => {
    const { owner, video } = await ownedVideo();
    const steps: Array<[Record<string, unknown>, Partial<Video>]> = [
      [{ title: '  Fixed title  ' }, { title: 'Fixed title' }],
      [{ description: 'A better description.' }, { description: 'A better description.' }],
      [{ tags: [' travel ', 'rain'] }, { tags: ['travel', 'rain'] }],
      [{ description: '' }, { description: '' }],
    ];
    for (const [body, expected] of steps) {
      const result = await patch(owner.caller, video.id, body);
      expect(result.status, JSON.stringify(body)).toBe(200);
      expect(videoAnswer.parse(result.body).data).toMatchObject(expected);
      expect(await readAsVisitor(video.id)).toMatchObject(expected);
    }
    // Fields not sent kept their values throughout.
    expect(await readAsVisitor(video.id)).toMatchObject({ title: 'Fixed title', tags: ['travel', 'rain'] });
  });

  it('makes a video private: it leaves the public feed and answers 404 to others, then comes back', async () => {
    const { owner, video } = await ownedVideo();
    const stranger = await registeredUser();
    expect(await publicFeed()).toContain(video.id);

    const hidden = await patch(owner.caller, video.id, { isPublic: false });
    expect(hidden.status).toBe(200);
    expect(videoAnswer.parse(hidden.body).data.isPublic).toBe(false);
    expect(await publicFeed()).not.toContain(video.id);
    expect(await readAsVisitor(video.id)).toBeNull();
    expect((await stranger.caller.json(`/api/videos/${video.id}`, 'GET')).status).toBe(404);
    const ownRead = await owner.caller.json(`/api/videos/${video.id}`, 'GET');
    expect(ownRead.status).toBe(200);
    // Nobody else can edit what they cannot see: the same 404 as an unknown id.
    expect((await patch(stranger.caller, video.id, { title: 'Mine now' })).status).toBe(404);

    expect((await patch(owner.caller, video.id, { isPublic: true })).status).toBe(200);
    expect(await publicFeed()).toContain(video.id);
  });

  it('swaps the poster for an uploaded frame and its card widths, and frees the sizes it replaced', async () => {
    const { owner, video } = await ownedVideo();
    const first = await patch(owner.caller, video.id, {
      thumbnail: await uploadImage(owner.caller, JPEG_40, 'poster.jpg'),
      posterSizes: [await uploadImage(owner.caller, WEBP_LOSSLESS_24, 'poster-24.webp')],
    });
    expect(first.status).toBe(200);
    const oldSize = videoAnswer.parse(first.body).data.thumbnails[0]?.url ?? '';

    const frame = await uploadImage(owner.caller, JPEG_40, 'frame.jpg');
    const size = await uploadImage(owner.caller, WEBP_32, 'frame-32.webp');
    const result = await patch(owner.caller, video.id, { thumbnail: frame, posterSizes: [size] });
    expect(result.status).toBe(200);
    const expected = { thumbnail: frame, thumbnails: [{ url: size, width: 32 }] };
    expect(videoAnswer.parse(result.body).data).toMatchObject(expected);
    expect(await readAsVisitor(video.id)).toMatchObject(expected);
    expect(await env.MEDIA.head(oldSize.replace(/^\/media\//, ''))).toBeNull();
    // The frame is the same file as before (content-addressed): it stays.
    expect(await env.MEDIA.head(frame.replace(/^\/media\//, ''))).not.toBeNull();
  });

  it('keeps a replaced poster that is also a profile picture (the same bytes are one file)', async () => {
    const { owner, video } = await ownedVideo();
    const picture = await uploadImage(owner.caller, JPEG_40, 'me.jpg');
    await env.DB.prepare('UPDATE users SET avatar = ?1 WHERE id = ?2').bind(picture, owner.user.id).run();
    expect((await patch(owner.caller, video.id, { thumbnail: picture })).status).toBe(200);
    const next = await uploadImage(owner.caller, PNG_1, 'other.png');
    expect((await patch(owner.caller, video.id, { thumbnail: next })).status).toBe(200);
    expect(await env.MEDIA.head(picture.replace(/^\/media\//, ''))).not.toBeNull();
  });

  it('refuses someone else’s public video with 403 and changes nothing', async () => {
    const { video } = await ownedVideo();
    const stranger = await registeredUser();
    const before = await rowOf(video.id);
    const result = await patch(stranger.caller, video.id, { title: 'Hijacked', isPublic: false });
    expect(result.status).toBe(403);
    expect(errorMessage(result.body).code).toBe('forbidden');
    expect(await rowOf(video.id)).toEqual(before);
  });

  it('refuses a visitor with 401 and changes nothing', async () => {
    const { video } = await ownedVideo();
    const before = await rowOf(video.id);
    const response = await SELF.fetch(`${BASE}/api/videos/${video.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Anonymous edit' }),
    });
    expect(response.status).toBe(401);
    expect(await rowOf(video.id)).toEqual(before);
  });

  it('answers an unknown id with 404', async () => {
    const { owner } = await ownedVideo();
    const result = await patch(owner.caller, crypto.randomUUID(), { title: 'Nothing here' });
    expect(result.status).toBe(404);
    expect(errorMessage(result.body).message).toBe('Video not found');
  });

  it('refuses a bad title with 400 naming it, and writes none of the other fields sent with it', async () => {
    const { owner, video } = await ownedVideo();
    const before = await rowOf(video.id);
    for (const title of ['   ', 'x'.repeat(201)]) {
      const result = await patch(owner.caller, video.id, {
        title,
        description: 'Should not land',
        tags: ['nope'],
        isPublic: false,
      });
      expect(result.status).toBe(400);
      expect(errorMessage(result.body).message).toBe(
        title.trim() ? 'title: Title may be at most 200 characters' : 'title: Enter a title',
      );
    }
    expect(await rowOf(video.id)).toEqual(before);
  });

  it('refuses other bad bodies with 400 and a message that says what is wrong', async () => {
    const { owner, video } = await ownedVideo();
    const before = await rowOf(video.id);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /Send a field to change/],
      [{ tags: ['a', 'A'] }, /^tags: Tags must not repeat/],
      [{ tags: ['x'.repeat(41)] }, /^tags\.0: A tag may be at most 40 characters/],
      [{ description: 'x'.repeat(5001) }, /^description: Description may be at most 5000 characters$/],
      [{ userId: owner.user.id, title: 'Extra' }, /^Not a field of a video: userId/],
      [{ thumbnail: 'https://elsewhere.example/p.jpg' }, /^thumbnail: Use a poster uploaded as an image/],
      [{ posterSizes: [] }, /Send poster sizes with the thumbnail/],
      // A well-formed URL of an image that was never uploaded.
      [
        { title: 'Kept out', thumbnail: `/media/images/${'0'.repeat(64)}.jpg` },
        /^thumbnail: Upload the poster/,
      ],
    ];
    for (const [body, message] of cases) {
      const result = await patch(owner.caller, video.id, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(errorMessage(result.body).message, JSON.stringify(body)).toMatch(message);
    }
    expect(await rowOf(video.id)).toEqual(before);
  });
});
