import { ISSUANCE_ACCOUNT } from '../../schema/ledger';
import type { Ledger } from './ledger';
import { userLedgerAccountId } from './ledger-accounts';
import type { PostResult } from './post-transaction';
import { failWithdrawalStatement, pendingWithdrawalGuard } from './withdrawal-queries';

export type ReversibleWithdrawal = { id: string; userId: string; amountUnits: number };

/**
 * Gives a withdrawal's REEL back (DESIGN.md §5): 'withdraw_reversal' caused by the withdrawal
 * (issuance → user) and the row 'failed', in one batch. Posts only while the row is still 'pending'
 * with `chainHash`, the hash the caller found could not (or did not) pay out; NULL when nothing was
 * ever signed. Otherwise `LedgerError('precondition_failed')`, and a second reversal of the same
 * withdrawal answers the first (`replayed`) and moves nothing (UNIQUE(kind, cause)).
 */
export const reverseWithdrawal = (
  ledger: Ledger,
  withdrawal: ReversibleWithdrawal,
  chainHash: string | null,
): Promise<PostResult> =>
  ledger.post({
    kind: 'withdraw_reversal',
    causeId: withdrawal.id,
    entries: [
      { accountId: ISSUANCE_ACCOUNT, amount: -withdrawal.amountUnits },
      { accountId: userLedgerAccountId(withdrawal.userId), amount: withdrawal.amountUnits },
    ],
    guards: [pendingWithdrawalGuard(withdrawal.id, chainHash)],
    alsoRun: [failWithdrawalStatement(withdrawal.id)],
  });
