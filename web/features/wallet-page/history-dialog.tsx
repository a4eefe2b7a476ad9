import type { Transaction } from '../../../schema/money';
import { formatRelativeTime } from '../../ui/format';
import { ModalDialog } from '../../ui/modal-dialog';
import { formatCoins, shortAddress } from './money-format';
import { useTransactions } from './queries';

type HistoryDialogProps = { userId: string; open: boolean; onClose: () => void };

/**
 * The 10 latest transactions (accounts §2): type, amount, status, time and hash, and why a failed one
 * failed when the server says (a rejected deposit's reason); loaded when opened.
 */
export function HistoryDialog({ userId, open, onClose }: HistoryDialogProps) {
  const transactions = useTransactions(userId, open);
  return (
    <ModalDialog open={open} onClose={onClose} title="Transaction History">
      {transactions.isPending ? (
        <p className="muted" role="status">
          Loading transactions...
        </p>
      ) : transactions.isError ? (
        <p className="form-error" role="alert">
          Failed to load transactions
        </p>
      ) : transactions.data.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          No transactions yet
        </p>
      ) : (
        <ul className="history-list" data-testid="history-list">
          {transactions.data.map((transaction) => (
            <HistoryRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}

const OUTGOING = new Set<Transaction['type']>(['withdraw', 'transfer', 'fee']);
const STATUS_LABEL: Record<Transaction['status'], string> = {
  completed: 'Completed',
  confirmed: 'Confirmed',
  pending: 'Pending',
  failed: 'Failed',
};

function HistoryRow({ transaction }: { transaction: Transaction }) {
  const sign = OUTGOING.has(transaction.type) ? '−' : '+';
  return (
    <li className="history-row" data-testid="history-row" data-type={transaction.type}>
      <span className="history-type">{transaction.type}</span>
      <strong className="history-amount">
        {sign}
        {formatCoins(transaction.amount)} $REEL
      </strong>
      <span className="badge history-status" data-status={transaction.status}>
        {STATUS_LABEL[transaction.status]}
      </span>
      <time className="muted" dateTime={transaction.timestamp}>
        {formatRelativeTime(transaction.timestamp)}
      </time>
      {transaction.txHash && (
        <code className="muted history-hash" title={transaction.txHash}>
          {shortAddress(transaction.txHash)}
        </code>
      )}
      {transaction.status === 'failed' && transaction.reason && (
        <p className="form-error history-reason" data-testid="history-reason">
          {transaction.reason}
        </p>
      )}
    </li>
  );
}
