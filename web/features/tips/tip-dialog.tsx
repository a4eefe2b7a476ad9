import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Gift } from '../../../schema/catalogue';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { ModalDialog } from '../../ui/modal-dialog';
import { formatCoins } from '../wallet-page/money-format';
import { walletUserQueryOptions } from '../wallet-page/queries';
import { GiftPicker } from './gift-picker';
import { TipFailure, type Tipper, tipProblem } from './tip-flow';
import { type TipVariables, tipKeys } from './tip-keys';
import { registerTipDefaults } from './tip-queue';
import type { TipDialogProps } from './tip-target';
import './tips.css';

/** The longest tip message the API takes. */
const MESSAGE_MAX = 280;

/**
 * The tip dialog (accounts §2, §4): pick one of the 20 gifts, add an optional message, send. The
 * flow's steps and messages are in tip-flow.ts; on success: the toast, a fresh balance, closed.
 */
export function TipDialog({ target, open, onClose }: TipDialogProps) {
  const queryClient = useQueryClient();
  const { signedIn, info } = useSession();
  const me = useQuery({ ...walletUserQueryOptions(info?.address ?? ''), enabled: open && !!info?.user });
  const [gift, setGift] = useState<Gift | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tip = useMutation<string, Error, TipVariables>({ mutationKey: tipKeys.send });
  /** Cut off by the network: the tip waits in the outbox (Cancel is there) and goes once online. */
  const queued = tip.isPaused;
  const sending = tip.isPending && !queued;
  const messageId = useId();

  const user = me.data ?? info?.user ?? null;
  const tipper: Tipper = user && info ? { id: user.id, address: info.address, balance: user.balance } : null;

  const close = () => {
    setError(null);
    // The dialog lets go of a queued tip; the tip itself stays in the outbox.
    tip.reset();
    onClose();
  };

  const send = () => {
    if (tip.isPending) return;
    const problem = tipProblem(tipper, signedIn, target, gift);
    if (problem || !tipper || !gift) {
      setError(problem ?? MESSAGES.tipping.missingInfo);
      return;
    }
    setError(null);
    registerTipDefaults(queryClient);
    // One key per tip: every attempt of it (a retry, a resend after a reload) is answered, not repeated.
    const vars: TipVariables = {
      tipper: { id: tipper.id, address: tipper.address },
      target,
      gift: { name: gift.name, price: gift.price },
      message,
      idempotencyKey: crypto.randomUUID(),
    };
    tip.mutate(vars, {
      onSuccess: () => {
        setGift(null);
        setMessage('');
        close();
      },
      onError: (failure) =>
        setError(failure instanceof TipFailure ? failure.message : MESSAGES.tipping.failed),
    });
  };

  return (
    <ModalDialog open={open} onClose={close} title={`Send a gift to @${target.receiver.username}`}>
      <form
        className="tip-form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {tipper && (
          <p className="muted">
            Your balance: <span data-testid="tip-balance">{formatCoins(tipper.balance)} $REEL</span>
          </p>
        )}
        <GiftPicker selected={gift} onSelect={setGift} disabled={sending} balance={tipper?.balance ?? null} />
        {tipper && gift && gift.price > tipper.balance && (
          <p className="tip-short" role="status" data-testid="tip-short">
            {MESSAGES.tipping.insufficientGift}{' '}
            <Link to="/wallet" onClick={close}>
              Top up
            </Link>
          </p>
        )}
        <label htmlFor={messageId}>Message (optional)</label>
        <textarea
          id={messageId}
          className="tip-message"
          rows={2}
          maxLength={MESSAGE_MAX}
          value={message}
          disabled={sending}
          onChange={(event) => setMessage(event.target.value)}
        />
        {queued && (
          <p className="muted" role="status" data-testid="tip-queued">
            You are offline. This tip waits in Waiting to send and goes once you are back online.
          </p>
        )}
        {error && (
          <p className="tip-error" role="alert" data-testid="tip-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={!gift || tip.isPending || (tipper !== null && gift.price > tipper.balance)}
        >
          {sending ? 'Sending...' : gift ? `Send ${gift.name} for ${gift.price} coins` : 'Choose a gift'}
        </button>
      </form>
    </ModalDialog>
  );
}
