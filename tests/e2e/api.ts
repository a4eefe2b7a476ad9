import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ShortsPageSchema, type Video, VideoSchema } from '../../schema/content';
import { CommentThreadSchema, FollowCheckSchema, LikeCheckSchema } from '../../schema/engagement';
import { TopUserSchema } from '../../schema/user';
import { DEMO_CREATORS } from '../../scripts/seed/demo-creators';
import { LONG_CLIP_SECONDS, makeStill } from './test-media';

const SEEDED_CREATORS = new Set(DEMO_CREATORS.map((creator) => creator.username));

/** GETs `path` and answers its envelope's `data`, checked by `schema`; anything but a 2xx throws. */
const readData = async <S extends z.ZodMiniType>(
  request: APIRequestContext,
  path: string,
  schema: S,
): Promise<z.output<S>> => {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  // zod cannot resolve the envelope's shape for a generic S; the parse still checks `data` fully.
  return (dataEnvelope(schema).parse(await response.json()) as { data: z.output<S> }).data;
};

/** Reads the seeded demo through the same public API the app uses, so tests never hard-code data. */
export const demo = (request: APIRequestContext) => {
  const get = <S extends z.ZodMiniType>(path: string, schema: S) => readData(request, path, schema);
  const latestVideos = () => get('/api/videos', z.array(VideoSchema));
  const firstShortsPage = () => get('/api/videos/shorts/paginated', ShortsPageSchema);
  return {
    latestVideos,
    /** The newest video; the demo always has one, so none is a broken seed, not a case to test. */
    latestVideo: async () => {
      const [video] = await latestVideos();
      if (!video) throw new Error('the demo has no videos');
      return video;
    },
    firstShortsPage,
    /**
     * The newest short the seed made. The feed's newest may be a 3-second clip another test uploaded
     * to the same app, which ends and moves the feed on (issue 13.2) before a test acts on it.
     */
    seededShort: async () => {
      const { items } = await firstShortsPage();
      const short = items.find((item) => SEEDED_CREATORS.has(item.creator));
      if (!short) throw new Error('the demo has no shorts');
      return short;
    },
    topCreators: () => get('/api/users/top', z.array(TopUserSchema)),
  };
};

/**
 * What the server holds of `userId`'s engagement, read through the public API: whether a queued
 * like or follow arrived, and how many of their comments with a given text it keeps (once, not twice).
 */
export const serverEngagement = (request: APIRequestContext, userId: string) => ({
  liked: async (kind: 'videos' | 'shorts', id: string) => {
    const idParam = kind === 'videos' ? 'videoId' : 'shortId';
    const path = `/api/users/likes/${kind}/check?userId=${userId}&${idParam}=${id}`;
    return (await readData(request, path, LikeCheckSchema)).isLiked;
  },
  following: async (creatorId: string) => {
    const path = `/api/users/follow/check?followerId=${userId}&followingId=${creatorId}`;
    return (await readData(request, path, FollowCheckSchema)).isFollowing;
  },
  commentsSaying: async (videoId: string, text: string) => {
    const threads = await readData(
      request,
      `/api/comments/videos/${videoId}?limit=100`,
      z.array(CommentThreadSchema),
    );
    return threads.filter((thread) => thread.comment.content === text).length;
  },
});

/** A file as a multipart field carries it. */
export type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** The file at `path` as a multipart field, named by its base name. */
export const filePart = async (path: string, mimeType: string): Promise<FilePart> => ({
  name: basename(path),
  mimeType,
  buffer: await readFile(path),
});

/** What a test chooses of an upload; the rest is a small public 320x180 clip of 3 s (tests/fixtures/upload). */
export type TestUpload = {
  userId: string;
  title: string;
  description?: string;
  isPublic?: boolean;
  /** Whole seconds, as the dialog reads them from the file. */
  duration?: number;
  width?: number;
  height?: number;
  video?: FilePart;
  /** The poster frame and one of its card widths (schema/posters.ts), as the dialog draws them. */
  poster?: FilePart;
  posterSizes?: FilePart;
};

/**
 * Uploads a video as the user whose session `request` holds, through `POST /api/videos/upload/file`
 * as the upload dialog sends it; answers the stored record.
 */
export async function uploadOverApi(request: APIRequestContext, upload: TestUpload): Promise<Video> {
  const { userId, title, description, isPublic = true, duration = 3, width = 320, height = 180 } = upload;
  const response = await request.post('/api/videos/upload/file', {
    multipart: {
      userId,
      title,
      ...(description !== undefined && { description }),
      isPublic: String(isPublic),
      duration: String(duration),
      width: String(width),
      height: String(height),
      video: upload.video ?? (await filePart('tests/fixtures/upload/landscape.mp4', 'video/mp4')),
      ...(upload.poster && { poster: upload.poster }),
      ...(upload.posterSizes && { posterSizes: upload.posterSizes }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return dataEnvelope(VideoSchema).parse(await response.json()).data;
}

/**
 * The long clip at `clip` (test-media.ts's `makeLongClip`) as an upload's parts; with `posters`, its
 * frame at 1 s as the poster and as one card width, drawn next to the clip.
 */
export async function longClipParts(clip: string, { posters = false } = {}) {
  const parts = { video: await filePart(clip, 'video/mp4'), duration: LONG_CLIP_SECONDS };
  if (!posters) return parts;
  const [poster, size] = [clip.replace(/\.mp4$/, '-poster.jpg'), clip.replace(/\.mp4$/, '-size.webp')];
  makeStill(clip, poster);
  makeStill(clip, size, { codec: ['-c:v', 'libwebp'] });
  return {
    ...parts,
    poster: await filePart(poster, 'image/jpeg'),
    posterSizes: await filePart(size, 'image/webp'),
  };
}
