import { type ChainPort, ChainSendError } from '../ports/chain';

/** A send's outcome as it crosses the RPC boundary (a thrown `ChainSendError` would lose its class). */
export type SendOutcome = { ok: true; hash: string } | { ok: false; refused: boolean; message: string };

/** The caller's `onSigned`, called back across RPC; `false` stops the send before it is submitted. */
export type SignedCallback = (hash: string, expiresAt: Date) => Promise<boolean>;

/** How a send reaches the treasury's one sender (the ledger writer's `sendReel`). */
export type TreasurySend = (to: string, amount: number, onSigned?: SignedCallback) => Promise<SendOutcome>;

class SendStopped extends Error {}

/** One send on the sender's side, every error as data. */
export const runSend = async (
  chain: ChainPort,
  to: string,
  amount: number,
  onSigned?: SignedCallback,
): Promise<SendOutcome> => {
  const stopUnlessAllowed = async (hash: string, expiresAt: Date) => {
    if (!(await onSigned?.(hash, expiresAt))) throw new SendStopped();
  };
  try {
    const { hash } = await chain.sendReel(to, amount, onSigned ? { onSigned: stopUnlessAllowed } : {});
    return { ok: true, hash };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, refused: error instanceof ChainSendError, message };
  }
};

/**
 * The chain port whose REEL sends all go through the treasury's one sender (worker/money/CONTEXT.md,
 * "One sender"); reads stay with `chain`. The caller's own `onSigned` runs here, in the caller's
 * context, so an error it throws (a withdrawal settled meanwhile) comes back as itself.
 */
export const orderedTreasury = (chain: ChainPort, send: TreasurySend): ChainPort => ({
  ...chain,
  async sendReel(to, amount, options = {}) {
    const callerOnSigned = options.onSigned;
    let stopped: { error: unknown } | null = null;
    const onSigned: SignedCallback | undefined =
      callerOnSigned &&
      (async (hash, expiresAt) => {
        try {
          await callerOnSigned(hash, expiresAt);
          return true;
        } catch (error) {
          stopped = { error };
          return false;
        }
      });
    const outcome = await send(to, amount, onSigned);
    if (stopped) throw (stopped as { error: unknown }).error;
    if (outcome.ok) return { hash: outcome.hash };
    if (outcome.refused) throw new ChainSendError(outcome.message);
    throw new Error(`treasury send outcome unknown: ${outcome.message}`);
  },
});
