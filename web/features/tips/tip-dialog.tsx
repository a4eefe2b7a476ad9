import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Gift } from '../../../schema/catalogue';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { ModalDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toast-store';
import { formatCoins } from '../wallet-page/money-format';
import { refetchMoney, walletUserQueryOptions } from '../wallet-page/queries';
import { GiftPicker } from './gift-picker';
import { tipDeps } from './tip-deps';
import { runTip, TipFailure, type Tipper, tipProblem } from './tip-flow';
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
  const [sending, setSending] = useState(false);
  const messageId = useId();

  const user = me.data ?? info?.user ?? null;
  const tipper: Tipper = user && info ? { id: user.id, address: info.address, balance: user.balance } : null;

  const close = () => {
    setError(null);
    onClose();
  };

  const send = async () => {
    if (sending) return;
    const problem = tipProblem(tipper, signedIn, target, gift);
    if (problem || !tipper || !gift) {
      setError(problem ?? MESSAGES.tipping.missingInfo);
      return;
    }
    setError(null);
    setSending(true);
    try {
      // One key per attempt: a retried request of this attempt is answered, not repeated.
      await runTip({ tipper, target, gift, message, idempotencyKey: crypto.randomUUID() }, tipDeps);
      showToast(MESSAGES.tipping.sent(gift.name, gift.price), 'success');
      setGift(null);
      setMessage('');
      close();
    } catch (failure) {
      setError(failure instanceof TipFailure ? failure.message : MESSAGES.tipping.failed);
    } finally {
      setSending(false);
      void refetchMoney(queryClient);
    }
  };

  return (
    <ModalDialog open={open} onClose={close} title={`Send a gift to @${target.receiver.username}`}>
      <form
        className="tip-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {tipper && (
          <p className="muted">
            Your balance: <span data-testid="tip-balance">{formatCoins(tipper.balance)} $REEL</span>
          </p>
        )}
        <GiftPicker selected={gift} onSelect={setGift} disabled={sending} />
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
        {error && (
          <p className="tip-error" role="alert" data-testid="tip-error">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={!gift || sending}>
          {sending ? 'Sending...' : gift ? `Send ${gift.name} for ${gift.price} coins` : 'Choose a gift'}
        </button>
      </form>
    </ModalDialog>
  );
}
