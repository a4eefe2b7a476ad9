import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { GARDEN_RULES, StarterKitSchema } from '../../schema/garden';
import { CreateViewResultSchema } from '../../schema/views';
import { insertUser, insertVideo } from '../factories/content';
import { signUp } from '../factories/views';
import type { Caller } from './session';

/** A registered user (views count only for one) with a planted seed. */
const plantingViewer = async () => {
  const viewer = await signUp(`gardener_${crypto.randomUUID().slice(0, 6)}`);
  const kit = dataEnvelope(StarterKitSchema).parse(
    (await viewer.caller.json('/api/garden/starter-kit', 'POST')).body,
  ).data;
  const [pot] = kit.pots;
  const [seed] = kit.plants;
  await viewer.caller.json('/api/garden/plant/seed', 'POST', {
    potAddr: pot?.address,
    plantAddr: seed?.address,
  });
  return { ...viewer, seedAddr: seed?.address ?? '' };
};

/** Starts a view of `contentId` and marks it complete, as the player does at the end of a short. */
const watchToTheEnd = async (
  caller: Caller,
  userId: string,
  type: 'shorts' | 'videos',
  contentId: string,
) => {
  const started = await caller.json(`/api/views/${type}/${contentId}`, 'POST', { userId, sessionId: 's1' });
  const { viewId } = dataEnvelope(CreateViewResultSchema).parse(started.body).data;
  const done = await caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: 12, isCompleted: true });
  expect(done.status).toBe(200);
  return viewId;
};

const addedPercent = async (plantAddr: string) =>
  (
    await env.DB.prepare('SELECT added_percent FROM garden_plants WHERE address = ?1')
      .bind(plantAddr)
      .first<{ added_percent: number }>()
  )?.added_percent;

describe('watching grows the garden', () => {
  it('a completed short view adds 5 % to the viewer’s planted plant, once per view', async () => {
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short' });
    const viewer = await plantingViewer();
    const viewId = await watchToTheEnd(viewer.caller, viewer.user.id, 'shorts', short.id);
    expect(await addedPercent(viewer.seedAddr)).toBe(GARDEN_RULES.viewGrowthPercent);
    // The same view completed again counts once.
    await viewer.caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: 13, isCompleted: true });
    expect(await addedPercent(viewer.seedAddr)).toBe(GARDEN_RULES.viewGrowthPercent);
  });

  it('an unfinished view or a long video grows nothing', async () => {
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short' });
    const video = await insertVideo(env.DB, creator.id, { type: 'video' });
    const viewer = await plantingViewer();
    await watchToTheEnd(viewer.caller, viewer.user.id, 'videos', video.id);
    const started = await viewer.caller.json(`/api/views/shorts/${short.id}`, 'POST', {
      userId: viewer.user.id,
      sessionId: 's2',
    });
    const { viewId } = dataEnvelope(CreateViewResultSchema).parse(started.body).data;
    await viewer.caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: 3, isCompleted: false });
    expect(await addedPercent(viewer.seedAddr)).toBe(0);
  });

  it('counts at most 20 completed views a day: the 21st grows nothing', async () => {
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short' });
    const viewer = await plantingViewer();
    const cap = GARDEN_RULES.viewGrowthDailyCap;
    for (let n = 0; n < cap + 1; n++) await watchToTheEnd(viewer.caller, viewer.user.id, 'shorts', short.id);
    expect(await addedPercent(viewer.seedAddr)).toBe(cap * GARDEN_RULES.viewGrowthPercent);
    const counted = await env.DB.prepare('SELECT COUNT(*) AS n FROM garden_view_growth').first<{
      n: number;
    }>();
    expect(counted?.n).toBe(cap);
  });
});
