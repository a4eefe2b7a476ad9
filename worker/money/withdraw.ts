import { ISSUANCE_ACCOUNT } from '../../schema/ledger';
import { MESSAGES } from '../../schema/messages';
import { reelToUnits, type Withdrawal } from '../../schema/money';
import type { SessionUser } from '../../schema/user';
import { badRequest, forbidden } from '../lib/errors';
import { newId } from '../lib/ids';
import { prepare } from '../lib/sql';
import { ChainSendError } from '../ports/chain';
import type { Ledger, Money } from './ledger';
import { userLedgerAccountId } from './ledger-accounts';
import { getTransactionByIdempotencyKey } from './ledger-queries';
import { LedgerError } from './post-transaction';
import { getTransactionById, insertTransactionStatement } from './transaction-queries';
import { reverseWithdrawal } from './withdraw-reversal';
import { completeWithdrawalStatement, signWithdrawalStatement } from './withdrawal-queries';

export type WithdrawRequest = { userAddress: string; amount: number };

/** The withdrawal as the relayer answers it, from its transactions row (so a replay answers the same). */
const withdrawalAnswer = async (db: D1Database, id: string): Promise<Withdrawal> => {
  const tx = await getTransactionById(db, id);
  if (!tx) throw new Error(`withdrawal ${id} has no transactions row`);
  return {
    id: tx.id,
    status: tx.status,
    amount: tx.amount,
    transactionHash: tx.txHash,
    ...(tx.status === 'failed' ? { error: MESSAGES.withdraw.relayerFailed } : {}),
  };
};

const debit = async (ledger: Ledger, caller: SessionUser, id: string, units: number, key: string | null) => {
  try {
    return await ledger.post({
      kind: 'withdraw',
      causeId: id,
      idempotencyKey: key ?? undefined,
      entries: [
        { accountId: userLedgerAccountId(caller.id), amount: -units },
        { accountId: ISSUANCE_ACCOUNT, amount: units },
      ],
      alsoRun: [
        insertTransactionStatement({
          id,
          userId: caller.id,
          amountUnits: units,
          type: 'withdraw',
          txHash: null,
          userAddr: caller.aptosAddress,
          referralCode: null,
          priceOctas: null,
          status: 'pending',
          createdAt: new Date().toISOString(),
        }),
      ],
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'insufficient_balance') {
      throw badRequest(MESSAGES.withdraw.insufficient);
    }
    throw error;
  }
};

/** Settlement closed the withdrawal before its transfer was submitted: nothing may reach the chain. */
class WithdrawalClosedError extends Error {}

/**
 * Withdraws REEL to the caller's own address (DESIGN.md §5): debits the ledger first (the REEL
 * leaves circulation), then sends it on chain, keeping each signed transfer's hash and expiry on
 * the pending row before it is submitted. A send the chain refuses (`ChainSendError`) is reversed
 * by a 'withdraw_reversal' caused by the same withdrawal, so the balance comes back. An error that
 * leaves the outcome unknown is not reversed here (that could pay twice): the withdrawal stays
 * 'pending', is answered as such, and `settlePendingWithdrawals` decides from the chain once the
 * hash is known or expired.
 * With an Idempotency-Key a replay answers the first withdrawal's state and moves nothing.
 */
export const withdraw = async (
  { db, chain, ledger }: Money,
  caller: SessionUser,
  request: WithdrawRequest,
  idempotencyKey: string | null,
): Promise<Withdrawal> => {
  if (request.userAddress !== caller.aptosAddress) {
    throw forbidden('You can only withdraw to your own address');
  }
  const units = Number.isFinite(request.amount) && request.amount > 0 ? reelToUnits(request.amount) : null;
  if (!units) throw badRequest(MESSAGES.withdraw.invalidAmount);
  const key = idempotencyKey; // already scoped to (route, user) by lib/idempotency.ts
  const first = key ? await getTransactionByIdempotencyKey(db, key) : null;
  if (first) return withdrawalAnswer(db, first.causeId);

  const posted = await debit(ledger, caller, newId(), units, key);
  const id = posted.causeId;
  if (posted.replayed) return withdrawalAnswer(db, id);
  let signedHash: string | null = null;
  const onSigned = async (hash: string, expiresAt: Date) => {
    const { meta } = await prepare(db, signWithdrawalStatement(id, hash, expiresAt)).run();
    if (meta.changes === 0) throw new WithdrawalClosedError(`withdrawal ${id} is no longer pending`);
    signedHash = hash;
  };
  try {
    const sent = await chain.sendReel(caller.aptosAddress, units, { onSigned });
    await prepare(db, completeWithdrawalStatement(id, sent.hash)).run();
    const answer = await withdrawalAnswer(db, id);
    // Only a fullnode lagging past settlement's margin could get here: the user was paid twice.
    if (answer.status !== 'completed') console.error('withdrawal reversed though its send committed', id);
    return answer;
  } catch (error) {
    if (error instanceof WithdrawalClosedError) return withdrawalAnswer(db, id);
    if (!(error instanceof ChainSendError)) {
      // The outcome is unknown (the node did not answer, the connection dropped): it stays 'pending'
      // and the ledger writer's settlement decides from the chain. The caller hears 'pending'.
      console.error('withdrawal outcome unknown; left to settlement', id, error);
      return withdrawalAnswer(db, id);
    }
    console.error('withdrawal refused by the chain; reversing', id, error.message);
    await reverseWithdrawal(ledger, { id, userId: caller.id, amountUnits: units }, signedHash);
  }
  return withdrawalAnswer(db, id);
};
