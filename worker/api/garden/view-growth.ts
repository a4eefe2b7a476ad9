import { GARDEN_RULES } from '../../../schema/garden';
import { growFromView } from './write-queries';

/**
 * Watching grows the garden (issue 12): a signed-in user's short view, once the server has recorded
 * it as completed, adds `viewGrowthPercent` to each of that user's growing plants, counted once per
 * view and for at most `viewGrowthDailyCap` views per owner per UTC day. Answers whether it counted.
 */
export const growGardenFromView = (db: D1Database, view: { viewId: string; userId: string }, now: Date) =>
  growFromView(db, {
    ...view,
    day: now.toISOString().slice(0, 10),
    token: crypto.randomUUID(),
    now: now.toISOString(),
    cap: GARDEN_RULES.viewGrowthDailyCap,
    percent: GARDEN_RULES.viewGrowthPercent,
  });
