import { useId, useState } from 'react';
import { ModalDialog } from '../../ui/modal-dialog';
import { AMOUNT_PATTERN, checkWithdrawAmount, formatCoins } from './money-format';

type WithdrawDialogProps = {
  balance: number;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  /** Runs the withdrawal (the payment status dialog shows its progress); answers whether it succeeded. */
  onWithdraw: (amount: number) => Promise<boolean>;
};

/**
 * The withdraw dialog (accounts §2, §5): an amount of digits with an optional decimal point, checked
 * against the balance as it is typed; the button stays disabled until it is valid. On success the
 * dialog closes and the amount clears.
 */
export function WithdrawDialog({ balance, open, busy, onClose, onWithdraw }: WithdrawDialogProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const errorId = useId();
  const { amount, error } = checkWithdrawAmount(text, balance);

  const submit = async () => {
    if (amount === null || busy) return;
    if (await onWithdraw(amount)) {
      setText('');
      onClose();
    }
  };

  return (
    <ModalDialog open={open} onClose={onClose} title="Withdraw $REEL">
      <form
        className="withdraw-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="muted">
          Available: <span data-testid="withdraw-available">{formatCoins(balance)} $REEL</span>
        </p>
        <label htmlFor={inputId}>Amount</label>
        <input
          id={inputId}
          className="money-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            // Only digits and one decimal point can be typed (accounts §5).
            if (AMOUNT_PATTERN.test(event.target.value)) setText(event.target.value);
          }}
        />
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={amount === null || busy}
        >
          {busy ? 'Withdrawing...' : 'Confirm Withdrawal'}
        </button>
      </form>
    </ModalDialog>
  );
}
