import type { CreateTransaction } from '../../../schema/money';
import type { SessionUser } from '../../../schema/user';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { assertSelf } from '../../lib/session';
import { creditDeposit } from '../../money/deposit-credit';
import { moneyFor } from '../../money/ledger';
import {
  getTransactionByHash,
  getTransactionById,
  type TransactionRecord,
  updateTransactionStatus,
} from '../../money/transaction-queries';

const assertOwnAddress = (caller: SessionUser, address: string | undefined) => {
  if (address !== undefined && address !== caller.aptosAddress) {
    throw forbidden('You can only act for your own address');
  }
};

/** A transaction, visible only to its owner (404 to anyone else: nothing leaks). */
export const readOwnTransaction = async (
  db: D1Database,
  caller: SessionUser,
  by: { id: string } | { hash: string },
): Promise<TransactionRecord> => {
  const tx = 'id' in by ? await getTransactionById(db, by.id) : await getTransactionByHash(db, by.hash);
  if (!tx || tx.userId !== caller.id) throw notFound('Transaction not found');
  return tx;
};

/**
 * `POST /api/transactions`: the record of a movement the server verified, never a client's say-so.
 * A deposit's hash is verified on chain and credited here if no other call of the flow did yet; a
 * withdrawal is recorded by the relayer when it sends, so this answers that record by its hash.
 * Answers the record and whether this call credited it.
 */
export const recordTransaction = async (env: Env, caller: SessionUser, body: CreateTransaction) => {
  assertSelf(caller, body.userId);
  assertOwnAddress(caller, body.userAddr);
  if (body.type === 'withdraw') {
    const tx = await getTransactionByHash(env.DB, body.txHash);
    if (!tx || tx.userId !== caller.id || tx.type !== 'withdraw') {
      throw notFound('No withdrawal of yours has this transaction hash');
    }
    return { tx, created: false };
  }
  const { credited } = await creditDeposit(moneyFor(env), caller, {
    txHash: body.txHash,
    referralCode: body.referralCode,
    expectedReel: body.amount,
  });
  return { tx: await readOwnTransaction(env.DB, caller, { hash: body.txHash }), created: credited };
};

/**
 * `POST /api/transactions/{id}/confirm`: the movement happened (a deposit's credit is written with
 * its record, a withdrawal's once the chain committed it), so it is marked confirmed; again is a
 * no-op. A failed or still pending withdrawal cannot be confirmed; a rejected deposit's record
 * answers its reason, as every claim of its hash does.
 */
export const confirmTransaction = async (db: D1Database, caller: SessionUser, id: string) => {
  const tx = await readOwnTransaction(db, caller, { id });
  if (tx.status === 'failed') throw badRequest(tx.reason ?? 'This transaction failed');
  if (tx.status === 'pending') throw conflict('This transaction is still pending');
  await updateTransactionStatus(db, id, ['completed'], 'confirmed');
  return readOwnTransaction(db, caller, { id });
};

/**
 * `PATCH /api/transactions/{id}/hash`: a record's hash is the verified chain hash the server
 * wrote; the same hash is accepted (the flow sends it again), any other refused.
 */
export const confirmTransactionHash = async (
  db: D1Database,
  caller: SessionUser,
  id: string,
  txHash: string,
) => {
  const tx = await readOwnTransaction(db, caller, { id });
  if (tx.txHash !== txHash) throw badRequest('This is not the chain transaction of this record');
  return tx;
};
