import type { TipType } from '../../../schema/money';

/** Who a tip goes to and what it is for; the Tip Now buttons of the live, watch and shorts pages build one. */
export type TipTarget = {
  receiver: { id: string; username: string; aptosAddress: string };
  tipType: TipType;
  /** The stream session, video or short id the tip is for (null for a general tip). */
  contentId: string | null;
};

export type TipDialogProps = { target: TipTarget; open: boolean; onClose: () => void };
