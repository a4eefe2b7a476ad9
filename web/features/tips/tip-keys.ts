import type { Gift } from '../../../schema/catalogue';
import type { TipTarget } from './tip-target';

/** The mutation key of a tip (its defaults: tip-queue.ts). */
export const tipKeys = { send: ['tips', 'send'] } as const;

/** What a queued tip keeps: the user's own work, never the balance. */
export type TipVariables = {
  tipper: { id: string; address: string };
  target: TipTarget;
  gift: Pick<Gift, 'name' | 'price'>;
  message: string;
  idempotencyKey: string;
};
