import { readFileSync } from 'node:fs';
import { z } from 'zod';

const DemoMoneyPlanSchema = z.object({
  deposits: z.array(
    z.object({
      username: z.string(),
      userId: z.string(),
      address: z.string(),
      apt: z.number(),
      reel: z.number(),
    }),
  ),
  tips: z.array(
    z.object({
      username: z.string(),
      tipperId: z.string(),
      receiverId: z.string(),
      videoId: z.string(),
      amount: z.number(),
      giftName: z.string(),
    }),
  ),
});

const DemoSeedReportSchema = z.object({
  streams: z.array(z.object({ username: z.string(), secret: z.string(), playbackId: z.string() })),
  money: z.nullable(DemoMoneyPlanSchema),
});

/**
 * What `scripts/seed/index.ts --demo-stream-to FILE` writes for `npm start`: each demo stream's
 * creator, secret key and playback id, and, only from a run that seeded an empty database, the
 * demo money to move through the worker.
 */
export type DemoSeedReport = z.infer<typeof DemoSeedReportSchema>;
export type DemoStreamTarget = DemoSeedReport['streams'][number];

/** Reads the seeder's report back. */
export const readDemoSeedReport = (file: string): DemoSeedReport =>
  DemoSeedReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
