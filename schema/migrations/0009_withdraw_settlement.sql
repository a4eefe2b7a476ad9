-- Withdrawal settlement (DESIGN.md §5): the relayer signs a withdrawal's REEL transfer before it
-- submits it and keeps that transaction's hash and expiry on the pending row, so a withdrawal whose
-- send ended unknown (network error, wait timeout) is settled later from the chain: committed →
-- completed, failed on chain or expired unknown → reversed. tx_hash stays the committed hash only.
ALTER TABLE transactions ADD COLUMN chain_hash TEXT;
ALTER TABLE transactions ADD COLUMN chain_expires_at TEXT;

-- What settlement scans each minute: the few withdrawals still pending, oldest first.
CREATE INDEX transactions_pending_withdrawals ON transactions (created_at)
  WHERE type = 'withdraw' AND status = 'pending';
