import * as z from 'zod/mini';
import { apiPost, apiRequest } from '../../lib/api';
import type { TipDeps } from './tip-flow';

const TipRecordSchema = z.object({ id: z.string() });
const TipSendSchema = z.object({ transactionHash: z.string() });
/** The hash and confirm answers are not read: the balance is re-read afterwards. */
const AnyAnswerSchema = z.unknown();

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** The tip flow's calls (accounts §7): our tips API and the relayer's tips/send. */
export const tipDeps: TipDeps = {
  createTip: (body, key) => apiPost('/api/tips', body, TipRecordSchema, idempotent(key)),
  sendOnChain: (body, key) => apiPost('/relayer/api/tips/send', body, TipSendSchema, idempotent(key)),
  async saveHash(tipId, txHash) {
    await apiRequest('PATCH', `/api/tips/${tipId}/txhash`, AnyAnswerSchema, { txHash });
  },
  async confirm(tipId) {
    await apiPost(`/api/tips/${tipId}/confirm`, undefined, AnyAnswerSchema);
  },
};
