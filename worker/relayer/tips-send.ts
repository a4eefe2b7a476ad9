import type { SessionUser } from '../../schema/user';
import { confirmTip, createTip, readTip } from '../api/tips/service';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { getUserByAddress } from '../lib/user-queries';

export type TipSend = {
  from: string;
  to: string;
  amount: number;
  message?: string | undefined;
  tipId?: string | undefined;
  giftName?: string | undefined;
};

/** The tip record this send is for: the caller's own, to that receiver, for that amount. */
const matchingTip = async (
  db: D1Database,
  caller: SessionUser,
  tipId: string,
  receiverId: string,
  amount: number,
) => {
  const tip = await readTip(db, caller, tipId);
  if (tip.tipperId !== caller.id) throw forbidden('Only the tipper can send this tip');
  if (tip.receiverId !== receiverId || tip.amount !== amount) {
    throw badRequest('This tip is for another receiver or amount');
  }
  return tip;
};

/**
 * `POST /relayer/api/tips/send` (accounts §4 step 2): moves the tip's REEL through the same ledger
 * transaction as `POST /api/tips/{id}/confirm` (caused by the tip id), so whichever runs first
 * moves it and the other answers the same hash. With a `tipId` it sends that tip record; without
 * one it records a general tip first: `scopedKey` (the Idempotency-Key as `idempotent` scoped it to
 * this route and user) makes a replay send that tip again, which moves nothing more.
 */
export const sendTip = async (env: Env, caller: SessionUser, send: TipSend, scopedKey: string | null) => {
  if (send.from !== caller.aptosAddress) throw forbidden('You can only tip from your own address');
  const receiver = await getUserByAddress(env.DB, send.to);
  if (!receiver) throw notFound('Receiver not found');
  const tip = send.tipId
    ? await matchingTip(env.DB, caller, send.tipId, receiver.id, send.amount)
    : await createTip(
        env.DB,
        caller,
        {
          tipperId: caller.id,
          receiverId: receiver.id,
          amount: send.amount,
          message: send.message,
          tipType: 'general',
          giftName: send.giftName,
        },
        scopedKey,
      );
  return { tipId: tip.id, transactionHash: await confirmTip(env, caller, tip.id) };
};
