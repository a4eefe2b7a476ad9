import { type ReactNode, useId } from 'react';
import type { PublicConfig } from '../../../schema/api';
import { useModalOpen } from '../../ui/modal-dialog';
import {
  isPaymentBusy,
  type PaymentKind,
  paymentButtonLabel,
  paymentTitle,
  transactionLink,
} from './money-format';
import type { DepositStep, PaymentProgress } from './payment-error';

const DEPOSIT_STEPS: { step: DepositStep; label: string }[] = [
  { step: 'check', label: 'Check balance' },
  { step: 'transfer', label: 'Transfer coin' },
  { step: 'process', label: 'Process tokens' },
];

type PaymentStatusDialogProps = {
  kind: PaymentKind;
  /** null: closed. */
  progress: PaymentProgress | null;
  chain: PublicConfig['chain'] | undefined;
  onClose: () => void;
  /** Shown under a failure's error: what to do instead (a keyless account's note). */
  failureNote?: ReactNode;
};

/**
 * The payment progress modal (accounts §2): '<Deposit|Withdrawal> <status>', the message, the
 * deposit steps, the transaction hash with its link, the error, and one button. While processing
 * or pending it cannot be dismissed: the button says 'Please Wait' and Escape is refused.
 */
export function PaymentStatusDialog({
  kind,
  progress,
  chain,
  onClose,
  failureNote,
}: PaymentStatusDialogProps) {
  const ref = useModalOpen(progress !== null);
  const titleId = useId();
  const busy = progress ? isPaymentBusy(progress.status) : false;

  const stepIndex = DEPOSIT_STEPS.findIndex(({ step }) => step === progress?.step);

  return (
    <dialog
      ref={ref}
      className="modal payment-dialog"
      aria-labelledby={titleId}
      data-status={progress?.status}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        // A browser may close a modal despite the refused cancel: keep it up until the payment settles.
        if (busy) ref.current?.showModal();
        else onClose();
      }}
    >
      {progress && (
        <div className="modal-body" aria-busy={busy}>
          <h2 id={titleId}>{paymentTitle(kind, progress.status)}</h2>
          <p role="status" data-testid="payment-message">
            {progress.message}
          </p>
          {kind === 'deposit' && busy && (
            <ol className="payment-steps">
              {DEPOSIT_STEPS.map(({ step, label }, index) => (
                <li
                  key={step}
                  data-state={index < stepIndex ? 'done' : index === stepIndex ? 'active' : 'todo'}
                  aria-current={index === stepIndex ? 'step' : undefined}
                >
                  {label}
                </li>
              ))}
            </ol>
          )}
          {progress.transactionHash && <TransactionHash hash={progress.transactionHash} chain={chain} />}
          {progress.status === 'failed' && progress.error && (
            <p className="payment-error" role="alert" data-testid="payment-error">
              {progress.error}
            </p>
          )}
          {progress.status === 'failed' && failureNote}
          <button
            type="button"
            className={busy ? 'button button-block' : 'button button-primary button-block'}
            disabled={busy}
            onClick={onClose}
          >
            {paymentButtonLabel(progress.status)}
          </button>
        </div>
      )}
    </dialog>
  );
}

function TransactionHash({ hash, chain }: { hash: string; chain: PublicConfig['chain'] | undefined }) {
  const local = chain?.network === 'local';
  return (
    <div className="payment-hash">
      <span className="muted">Transaction hash</span>
      <code data-testid="payment-hash">{hash}</code>
      {chain && (
        <a href={transactionLink(chain, hash)} target="_blank" rel="noopener noreferrer">
          {local ? 'View on the local chain' : 'View on Explorer'}
        </a>
      )}
      {local && (
        <span className="muted payment-hash-note">
          The Aptos explorer cannot see this local chain; the link shows the transaction as the local node
          records it.
        </span>
      )}
    </div>
  );
}
