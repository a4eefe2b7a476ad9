import { GIFTS, giftOf } from '../../../schema/catalogue';
import { COIN_UNIT } from '../../../schema/constants';
import type { Tip } from '../../../schema/money';
import type { SessionUser } from '../../../schema/user';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ledgerFor } from '../../money/ledger';
import { getTransactionByCause } from '../../money/ledger-queries';
import { LedgerError } from '../../money/post-transaction';
import { postTipPayment } from '../../money/tip-payment';
import { getVisibleType } from '../engagement/content-kind';
import { notifyStreamTip } from './notify';
import {
  deletePendingTip,
  getContentOwner,
  getTipById,
  getTipByIdempotencyKey,
  insertTip,
  setTipTxHash,
  type TipRecord,
  updateTipStatus,
  userExists,
} from './queries';

export const INSUFFICIENT_BALANCE = 'Insufficient balance. Please add more $REEL coins to your wallet.';

export type CreateTipInput = {
  tipperId: string;
  receiverId: string;
  amount: number;
  message?: string | undefined;
  tipType: Tip['tipType'];
  streamSessionId?: string | null | undefined;
  videoId?: string | null | undefined;
  shortId?: string | null | undefined;
  /** Which of the gifts of this price (Heart, Gift Box and Bouquet all cost 100). */
  giftName?: string | undefined;
};

const contentIdOf = (input: CreateTipInput) =>
  input.tipType === 'stream'
    ? input.streamSessionId
    : input.tipType === 'video'
      ? input.videoId
      : input.shortId;

/**
 * Creates a pending tip. The amount must be a catalogue gift price; content tips must point at
 * existing content owned by the receiver. `scopedKey` is the Idempotency-Key as `idempotent` scoped
 * it to (route, user): a tip created with it is answered again for the same key, on that route only.
 */
export const createTip = async (
  db: D1Database,
  caller: SessionUser,
  input: CreateTipInput,
  scopedKey: string | null,
) => {
  if (input.tipperId !== caller.id) throw forbidden('You can only act for your own account');
  if (scopedKey) {
    const first = await getTipByIdempotencyKey(db, scopedKey);
    if (first) return first;
  }
  if (input.receiverId === caller.id) throw badRequest('You cannot tip yourself');
  if (!GIFTS.some((gift) => gift.price === input.amount)) throw badRequest('Amount must be a gift price');
  if (input.giftName !== undefined && !giftOf(input.amount, input.giftName)) {
    throw badRequest('No gift of that name has this price');
  }
  if (!(await userExists(db, input.receiverId))) throw notFound('Receiver not found');
  const contentId = input.tipType === 'general' ? null : (contentIdOf(input) ?? null);
  if (input.tipType !== 'general') {
    if (!contentId) throw badRequest(`A ${input.tipType} tip needs its content id`);
    const owner = await getContentOwner(db, input.tipType, contentId);
    // A private video or short exists only for its owner (who cannot tip it): to anyone else, absent.
    const hidden = input.tipType !== 'stream' && (await getVisibleType(db, contentId, caller.id)) === null;
    if (!owner || hidden) throw notFound('Content not found');
    if (owner !== input.receiverId) throw badRequest('The receiver does not own this content');
  }
  const tip = {
    id: newId(),
    tipperId: caller.id,
    receiverId: input.receiverId,
    amountUnits: input.amount * COIN_UNIT,
    message: input.message ?? '',
    tipType: input.tipType,
    streamSessionId: input.tipType === 'stream' ? contentId : null,
    videoId: input.tipType === 'video' ? contentId : null,
    shortId: input.tipType === 'short' ? contentId : null,
    giftName: input.giftName ?? null,
    createdAt: new Date().toISOString(),
    idempotencyKey: scopedKey,
  };
  try {
    await insertTip(db, tip);
  } catch (error) {
    // Two requests with one key raced: the UNIQUE index let one in; answer its tip.
    const first = scopedKey ? await getTipByIdempotencyKey(db, scopedKey) : null;
    if (first) return first;
    throw error;
  }
  return (await getTipById(db, tip.id)) as TipRecord;
};

/** The tip, visible only to its tipper and receiver (404 to anyone else: nothing leaks). */
export const readTip = async (db: D1Database, caller: SessionUser, id: string) => {
  const tip = await getTipById(db, id);
  if (!tip || (tip.tipperId !== caller.id && tip.receiverId !== caller.id)) throw notFound('Tip not found');
  return tip;
};

const ownTip = async (db: D1Database, caller: SessionUser, id: string) => {
  const tip = await readTip(db, caller, id);
  if (tip.tipperId !== caller.id) throw forbidden('Only the tipper can change this tip');
  return tip;
};

/**
 * Moves the tip's REEL tipper -> receiver as one ledger transaction caused by the tip id, so a
 * second confirm (or a racing one, or the relayer's tips/send) finds that transaction and moves
 * nothing (`postTipPayment`, worker/money/tip-payment.ts). The request reads the tip only when the
 * writer refuses, to say why. The confirm that moved it tells a stream tip's chat.
 */
export const confirmTip = async (env: Env, caller: SessionUser, id: string) => {
  try {
    const posted = await postTipPayment(ledgerFor(env), id, caller.id);
    if (!posted.replayed && posted.read?.[0]?.tip_type === 'stream') {
      const tip = await getTipById(env.DB, id);
      if (tip) await notifyStreamTip(env, tip);
    }
    return posted.hash;
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'insufficient_balance')
      throw badRequest(INSUFFICIENT_BALANCE);
    if (error instanceof LedgerError && error.code === 'precondition_failed') {
      // Not found, not the caller's (404, 403), failed, or deleted or failed meanwhile.
      const tip = await ownTip(env.DB, caller, id);
      if (tip.status === 'failed') throw badRequest('This tip has failed');
      throw conflict('This tip was deleted or failed meanwhile');
    }
    throw error;
  }
};

/** Client-set statuses: never 'confirmed' (only confirm moves money), never out of a final state. */
const TRANSITIONS: Record<string, readonly Tip['status'][]> = {
  sent: ['pending'],
  failed: ['pending', 'sent'],
};

export const changeTipStatus = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
  status: Tip['status'],
) => {
  await ownTip(db, caller, id);
  const from = TRANSITIONS[status];
  if (!from) throw badRequest('A tip becomes confirmed only through confirm');
  if (!(await updateTipStatus(db, id, from, status)))
    throw badRequest(`A tip cannot move to ${status} from its status`);
  return (await getTipById(db, id)) as TipRecord;
};

/**
 * The only transaction hash a tip can carry is the ledger hash of its own movement: anything
 * else would let a client attach a proof of payment that does not exist.
 */
export const setTipHash = async (db: D1Database, caller: SessionUser, id: string, txHash: string) => {
  await ownTip(db, caller, id);
  const posted = await getTransactionByCause(db, 'tip', id);
  if (!posted || posted.hash !== txHash) throw badRequest('This is not the transaction hash of this tip');
  await setTipTxHash(db, id, txHash);
  return (await getTipById(db, id)) as TipRecord;
};

export const removeTip = async (db: D1Database, caller: SessionUser, id: string) => {
  await ownTip(db, caller, id);
  if (!(await deletePendingTip(db, id))) throw conflict('Only a pending tip can be deleted');
};
