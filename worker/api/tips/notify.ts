import { giftOf } from '../../../schema/catalogue';
import { sendTipNotification } from '../chat/rooms';
import { getStreamTipParties, type TipRecord } from './queries';

/**
 * Tells a stream's chat that a tip landed (DESIGN.md §11.2: the worker, never a client, says so).
 * Called once, by the confirm that moved the REEL. The money has moved by then, so a room that
 * cannot be reached is logged and never fails the confirm.
 */
export const notifyStreamTip = async (env: Env, tip: TipRecord) => {
  try {
    const parties = await getStreamTipParties(env.DB, tip);
    const gift = giftOf(tip.amount, tip.giftName);
    if (!parties || !gift) throw new Error(`no stream, users or gift for tip ${tip.id}`);
    await sendTipNotification(env, parties.room, {
      tipperName: parties.tipper,
      receiverName: parties.receiver,
      giftName: gift.name,
      giftIcon: gift.icon,
      amount: tip.amount,
      ...(tip.message ? { customMessage: tip.message } : {}),
    });
  } catch (error) {
    console.error('tip notification failed', tip.id, error);
  }
};
