import type { HistoryKind, HistoryLine, Transaction } from '../../../schema/money';
import { formatRelativeTime } from '../../ui/format';
import { ModalDialog } from '../../ui/modal-dialog';
import { formatCoins, shortAddress } from './money-format';
import { useHistory } from './queries';

type HistoryDialogProps = { userId: string; open: boolean; onClose: () => void };

/**
 * The 10 latest movements of the balance (accounts §2), top-ups, withdrawals and tips sent and
 * received merged in time order: what, which way, how much, status, time and hash, the gift and
 * the other person of a tip, and why a failed one failed when the server says; loaded when opened.
 */
export function HistoryDialog({ userId, open, onClose }: HistoryDialogProps) {
  const history = useHistory(userId, open);
  return (
    <ModalDialog open={open} onClose={onClose} title="Transaction History">
      {history.isPending ? (
        <p className="muted" role="status">
          Loading transactions...
        </p>
      ) : history.isError ? (
        <p className="form-error" role="alert">
          Failed to load transactions
        </p>
      ) : history.data.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          No transactions yet
        </p>
      ) : (
        <ul className="history-list" data-testid="history-list">
          {history.data.map((line) => (
            <HistoryRow key={line.id} line={line} />
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}

/** The spec's transaction type of each kind of line (accounts §3): a tip is a transfer. */
const SPEC_TYPE: Record<HistoryKind, Transaction['type']> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  withdraw_refund: 'withdraw',
  tip_sent: 'transfer',
  tip_received: 'transfer',
  reward: 'reward',
  fee: 'fee',
};

const KIND_LABEL: Record<HistoryKind, string> = {
  deposit: 'Deposit',
  withdraw: 'Withdrawal',
  withdraw_refund: 'Withdrawal refunded',
  tip_sent: 'Tip sent',
  tip_received: 'Tip received',
  reward: 'Reward',
  fee: 'Fee',
};

const STATUS_LABEL: Record<Transaction['status'], string> = {
  completed: 'Completed',
  // One word for done whatever the kind (issue 23 §5): a deposit is confirmed, a withdrawal completed.
  confirmed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
};

function HistoryRow({ line }: { line: HistoryLine }) {
  return (
    <li
      className="history-row"
      data-testid="history-row"
      data-type={SPEC_TYPE[line.kind]}
      data-kind={line.kind}
    >
      <span className="history-type">{KIND_LABEL[line.kind]}</span>
      <strong className="history-amount">
        {line.direction === 'out' ? '−' : '+'}
        {formatCoins(line.amount)} $REEL
      </strong>
      {line.tip && <TipDetail tip={line.tip} sent={line.kind === 'tip_sent'} />}
      <span className="badge history-status" data-status={line.status}>
        {STATUS_LABEL[line.status]}
      </span>
      <time className="muted" dateTime={line.timestamp}>
        {formatRelativeTime(line.timestamp)}
      </time>
      {line.txHash && (
        <code className="muted history-hash" title={line.txHash}>
          {shortAddress(line.txHash)}
        </code>
      )}
      {line.status === 'failed' && line.reason && (
        <p className="form-error history-reason" data-testid="history-reason">
          {line.reason}
        </p>
      )}
    </li>
  );
}

/** 'Heart to @bob' or 'Heart from @alice', and the tip's message when it has one. */
function TipDetail({ tip, sent }: { tip: NonNullable<HistoryLine['tip']>; sent: boolean }) {
  return (
    <p className="history-tip" data-testid="history-tip">
      {tip.gift} {sent ? 'to' : 'from'} @{tip.other.username}
      {tip.message && <span className="muted"> : {tip.message}</span>}
    </p>
  );
}
