import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { GARDEN_RULES, PlantSchema, StarterKitSchema } from '../../schema/garden';
import { CreateViewResultSchema } from '../../schema/views';
import { insertUser, insertVideo } from '../factories/content';
import { holdViewClock } from '../factories/view-clock';
import { signUp } from '../factories/views';
import { type Caller, newCaller } from './session';

/** The test videos' length (tests/factories/content.ts). */
const LENGTH = 12;

afterEach(() => {
  vi.restoreAllMocks();
});

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

const startView = async (caller: Caller, userId: string, type: 'shorts' | 'videos', contentId: string) => {
  const started = await caller.json(`/api/views/${type}/${contentId}`, 'POST', { userId, sessionId: 's1' });
  return dataEnvelope(CreateViewResultSchema).parse(started.body).data.viewId;
};

/**
 * Starts a view of `contentId`, lets `seconds` pass on the server's clock, and reports the short
 * watched to its end, as the player does when it ends.
 */
const watchToTheEnd = async (
  clock: ReturnType<typeof holdViewClock>,
  caller: Caller,
  userId: string,
  type: 'shorts' | 'videos',
  contentId: string,
  seconds = LENGTH,
) => {
  const viewId = await startView(caller, userId, type, contentId);
  clock.advance(seconds);
  const done = await caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: LENGTH, isCompleted: true });
  expect(done.status).toBe(200);
  return viewId;
};

const addedPercent = async (plantAddr: string) =>
  (
    await env.DB.prepare('SELECT added_percent FROM garden_plants WHERE address = ?1')
      .bind(plantAddr)
      .first<{ added_percent: number }>()
  )?.added_percent;

/** Bursts of sign-up, views and progress: slow on a loaded machine, never a measure of speed. */
describe('watching grows the garden', { timeout: 30_000 }, () => {
  it('a short watched to its end adds 5 % to the viewer’s planted plant, once per view', async () => {
    const clock = holdViewClock();
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short' });
    const viewer = await plantingViewer();
    const viewId = await watchToTheEnd(clock, viewer.caller, viewer.user.id, 'shorts', short.id);
    expect(await addedPercent(viewer.seedAddr)).toBe(GARDEN_RULES.viewGrowthPercent);
    // The same view completed again, or the short started again within 30 minutes, counts once.
    await viewer.caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: 13, isCompleted: true });
    await watchToTheEnd(clock, viewer.caller, viewer.user.id, 'shorts', short.id);
    expect(await addedPercent(viewer.seedAddr)).toBe(GARDEN_RULES.viewGrowthPercent);
  });

  it('20 completions claimed at once grow nothing: the plant stays a sprout, far from ready', async () => {
    holdViewClock();
    const creator = await insertUser(env.DB);
    const viewer = await plantingViewer();
    for (let n = 0; n < 20; n++) {
      const short = await insertVideo(env.DB, creator.id, { type: 'short' });
      const viewId = await startView(viewer.caller, viewer.user.id, 'shorts', short.id);
      await viewer.caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: LENGTH, isCompleted: true });
    }
    expect(await addedPercent(viewer.seedAddr)).toBe(0);
    const plant = dataEnvelope(PlantSchema).parse(
      (await newCaller().json(`/api/garden/plant/${viewer.seedAddr}`, 'GET')).body,
    ).data;
    expect(plant).toMatchObject({ readyToHarvest: false, growthStage: 1 });
  });

  it('a short left before 80 % of its length, an unfinished view or a long video grows nothing', async () => {
    const clock = holdViewClock();
    const creator = await insertUser(env.DB);
    const short = await insertVideo(env.DB, creator.id, { type: 'short' });
    const other = await insertVideo(env.DB, creator.id, { type: 'short' });
    const video = await insertVideo(env.DB, creator.id, { type: 'video' });
    const viewer = await plantingViewer();
    await watchToTheEnd(clock, viewer.caller, viewer.user.id, 'shorts', short.id, 9);
    await watchToTheEnd(clock, viewer.caller, viewer.user.id, 'videos', video.id);
    const viewId = await startView(viewer.caller, viewer.user.id, 'shorts', other.id);
    clock.advance(LENGTH);
    await viewer.caller.json(`/api/views/${viewId}`, 'PUT', { watchDuration: 3, isCompleted: false });
    expect(await addedPercent(viewer.seedAddr)).toBe(0);
  });

  it('counts at most 20 completed views a day: the 21st grows nothing', async () => {
    const clock = holdViewClock(Date.parse('2026-06-01T00:00:00.000Z'));
    const creator = await insertUser(env.DB);
    const viewer = await plantingViewer();
    const cap = GARDEN_RULES.viewGrowthDailyCap;
    for (let n = 0; n < cap + 1; n++) {
      const short = await insertVideo(env.DB, creator.id, { type: 'short' });
      await watchToTheEnd(clock, viewer.caller, viewer.user.id, 'shorts', short.id);
    }
    expect(await addedPercent(viewer.seedAddr)).toBe(cap * GARDEN_RULES.viewGrowthPercent);
    const counted = await env.DB.prepare('SELECT COUNT(*) AS n FROM garden_view_growth').first<{
      n: number;
    }>();
    expect(counted?.n).toBe(cap);
  });
});
