import type { Gift } from '../../../schema/catalogue';
import { MESSAGES } from '../../../schema/messages';
import type { TipTarget } from './tip-target';

const M = MESSAGES.tipping;

/** The tipper as the dialog knows them: null fields mean "not known" (signed out, no profile). */
export type Tipper = { id: string; address: string; balance: number } | null;

export type CreateTipBody = {
  tipperId: string;
  receiverId: string;
  amount: number;
  message: string;
  tipType: TipTarget['tipType'];
  streamSessionId?: string;
  videoId?: string;
  shortId?: string;
  giftName: string;
};

/** The calls of the tip flow; real ones in tip-deps.ts. */
export type TipDeps = {
  createTip(body: CreateTipBody, idempotencyKey: string): Promise<{ id: string }>;
  sendOnChain(
    body: { from: string; to: string; amount: number; message: string; tipId: string },
    idempotencyKey: string,
  ): Promise<{ transactionHash: string }>;
  saveHash(tipId: string, txHash: string): Promise<void>;
  confirm(tipId: string): Promise<void>;
};

/**
 * Checks before a tip (accounts §5): signed in ('Please connect your wallet first'), sender,
 * receiver id and receiver address known ('Missing required information for tipping'), and a
 * balance that covers the gift. Answers the message to show, or null when the tip may go.
 */
export function tipProblem(
  tipper: Tipper,
  signedIn: boolean,
  target: TipTarget,
  gift: Gift | null,
): string | null {
  if (!signedIn) return M.connectWallet;
  if (!tipper?.id || !tipper.address || !target.receiver.id || !target.receiver.aptosAddress)
    return M.missingInfo;
  if (!gift) return M.missingInfo;
  if (tipper.balance < gift.price) return M.insufficientGift;
  return null;
}

const contentField = (target: TipTarget): Partial<CreateTipBody> => {
  if (!target.contentId) return {};
  if (target.tipType === 'stream') return { streamSessionId: target.contentId };
  if (target.tipType === 'video') return { videoId: target.contentId };
  if (target.tipType === 'short') return { shortId: target.contentId };
  return {};
};

/**
 * A tip step failed; `message` is the spec's text for that step. `network` is true when the call
 * got no answer at all (fetch's TypeError): the tip then waits in the outbox and goes again with
 * the same Idempotency-Key, which every step replays instead of repeating.
 */
export class TipFailure extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly network = false,
  ) {
    super(message);
    this.name = 'TipFailure';
  }
}

async function step<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TipFailure(message, reason, error instanceof TypeError);
  }
}

/**
 * The tip flow (accounts §4) for one attempt: create the tip record (with the attempt's
 * Idempotency-Key), send it on chain through the relayer, save the hash, confirm. The stream chat
 * notification is the worker's job after confirm (DESIGN.md §11.2). Throws a `TipFailure`
 * carrying the failed step's message; answers the transaction hash.
 */
export async function runTip(
  input: {
    tipper: { id: string; address: string };
    target: TipTarget;
    gift: Pick<Gift, 'name' | 'price'>;
    message: string;
    idempotencyKey: string;
  },
  deps: TipDeps,
): Promise<string> {
  const { tipper, target, gift, idempotencyKey } = input;
  const message = input.message.trim();
  const tip = await step(M.createFailed, () =>
    deps.createTip(
      {
        tipperId: tipper.id,
        receiverId: target.receiver.id,
        amount: gift.price,
        message,
        tipType: target.tipType,
        ...contentField(target),
        giftName: gift.name,
      },
      idempotencyKey,
    ),
  );
  const { transactionHash } = await step(M.sendFailed, () =>
    deps.sendOnChain(
      { from: tipper.address, to: target.receiver.aptosAddress, amount: gift.price, message, tipId: tip.id },
      idempotencyKey,
    ),
  );
  await step(M.hashFailed, () => deps.saveHash(tip.id, transactionHash));
  await step(M.confirmFailed, () => deps.confirm(tip.id));
  return transactionHash;
}
