import type { APIRequestContext } from '@playwright/test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ShortsPageSchema, VideoSchema } from '../../schema/content';
import { TopUserSchema } from '../../schema/user';

/** Reads the seeded demo through the same public API the app uses, so tests never hard-code data. */
export const demo = (request: APIRequestContext) => {
  const get = async <S extends z.ZodMiniType>(path: string, schema: S): Promise<z.output<S>> => {
    const response = await request.get(path);
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
    // zod cannot resolve the envelope's shape for a generic S; the parse still checks `data` fully.
    return (dataEnvelope(schema).parse(await response.json()) as { data: z.output<S> }).data;
  };
  return {
    latestVideos: () => get('/api/videos', z.array(VideoSchema)),
    firstShortsPage: () => get('/api/videos/shorts/paginated', ShortsPageSchema),
    topCreators: () => get('/api/users/top', z.array(TopUserSchema)),
  };
};
