import { COIN_UNIT, REEL_PER_APT } from '../../schema/constants';
import { ISSUANCE_ACCOUNT } from '../../schema/ledger';
import type { Deposit } from '../../schema/money';
import type { SessionUser } from '../../schema/user';
import { ApiError, badRequest, conflict } from '../lib/errors';
import { newId } from '../lib/ids';
import { prepare } from '../lib/sql';
import {
  getDepositByHash,
  insertCreditedDepositStatement,
  insertRejectedDepositStatement,
} from './deposit-queries';
import { type DepositRefusal, judgeDepositTransfer } from './deposit-rules';
import type { Money } from './ledger';
import { userLedgerAccountId } from './ledger-accounts';
import { insertRejectedDepositRecordStatement, insertTransactionStatement } from './transaction-queries';

export type DepositClaim = {
  txHash: string;
  referralCode?: string | null | undefined;
  /** The REEL the client expects (the package it bought); must match what the chain says. */
  expectedReel?: number | undefined;
};

export type CreditResult = { deposit: Deposit; credited: boolean };

const refusal = ({ status, message }: DepositRefusal) =>
  new ApiError(status, status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'bad_request', message);

/** Only the sender's own claim is ever kept as rejected, so anyone else hears what the rules say. */
const NOT_YOURS: DepositRefusal = { status: 403, message: 'This transfer was not sent from your address' };

/** A hash already recorded: its owner gets the same answer as the first time; nothing moves. */
const alreadyRecorded = (deposit: Deposit, caller: SessionUser, claim: DepositClaim): CreditResult => {
  if (deposit.status === 'rejected') {
    throw refusal(
      deposit.userId === caller.id
        ? { status: 400, message: deposit.reason ?? 'This deposit was rejected' }
        : NOT_YOURS,
    );
  }
  if (deposit.userId !== caller.id) throw conflict('This transaction was already credited');
  if (claim.expectedReel !== undefined && claim.expectedReel !== deposit.amount) {
    throw badRequest(`This deposit is worth ${deposit.amount} REEL`);
  }
  return { deposit, credited: false };
};

/**
 * Keeps the caller's APT that reached the platform for no package's price: a 'rejected' deposit and a
 * 'failed' record with the reason, in one batch, no REEL issued. A racing claim of the same hash may
 * have kept it first (UNIQUE tx_hash): then this one adds nothing.
 */
const keepRejected = async (
  db: D1Database,
  caller: SessionUser,
  claim: DepositClaim,
  octas: number,
  reason: string,
) => {
  const record = {
    userId: caller.id,
    userAddr: caller.aptosAddress,
    priceOctas: octas,
    txHash: claim.txHash,
    referralCode: claim.referralCode ?? null,
    reason,
    createdAt: new Date().toISOString(),
  };
  try {
    await db.batch([
      prepare(db, insertRejectedDepositStatement({ ...record, id: newId(), rate: REEL_PER_APT })),
      prepare(db, insertRejectedDepositRecordStatement({ ...record, id: newId() })),
    ]);
  } catch (error) {
    if ((await getDepositByHash(db, claim.txHash))?.status !== 'rejected') throw error;
  }
};

/**
 * Credits the REEL a verified APT transfer paid for (DESIGN.md §5), at most once per hash. Every
 * call of the deposit flow lands here; the first credits, the others find the credited deposit and
 * move nothing. The credit, its deposits row and its transactions row are one ledger batch, so a
 * deposit is never half-recorded. The caller's own APT sent to the platform for an amount that is no
 * package price is kept as a rejected deposit with its reason (answered 400, again on every claim).
 * Any other refused hash writes nothing (so nobody can block someone else's hash by claiming it first).
 */
export const creditDeposit = async (
  { db, chain, ledger }: Money,
  caller: SessionUser,
  claim: DepositClaim,
): Promise<CreditResult> => {
  const known = await getDepositByHash(db, claim.txHash);
  if (known) return alreadyRecorded(known, caller, claim);

  const verdict = judgeDepositTransfer(await chain.transferByHash(claim.txHash), {
    sender: caller.aptosAddress,
    platformAddress: chain.platformAddress,
  });
  if (!verdict.ok) {
    if (verdict.rejectedOctas !== undefined) {
      await keepRejected(db, caller, claim, verdict.rejectedOctas, verdict.message);
    }
    throw refusal(verdict);
  }
  if (claim.expectedReel !== undefined && claim.expectedReel !== verdict.pack.reel) {
    throw badRequest(`This deposit is worth ${verdict.pack.reel} REEL`);
  }
  const amountUnits = verdict.pack.reel * COIN_UNIT;
  const createdAt = new Date().toISOString();
  const record = {
    userId: caller.id,
    userAddr: caller.aptosAddress,
    amountUnits,
    priceOctas: verdict.priceOctas,
    txHash: claim.txHash,
    referralCode: claim.referralCode ?? null,
    createdAt,
  };
  const posted = await ledger.post({
    kind: 'deposit',
    causeId: claim.txHash,
    entries: [
      { accountId: ISSUANCE_ACCOUNT, amount: -amountUnits },
      { accountId: userLedgerAccountId(caller.id), amount: amountUnits },
    ],
    alsoRun: [
      insertCreditedDepositStatement({ ...record, id: newId(), rate: REEL_PER_APT }),
      insertTransactionStatement({ ...record, id: newId(), type: 'deposit', status: 'completed' }),
    ],
  });
  const deposit = await getDepositByHash(db, claim.txHash);
  if (!deposit) throw new Error(`deposit ${claim.txHash} posted without its row`);
  return posted.replayed ? alreadyRecorded(deposit, caller, claim) : { deposit, credited: true };
};
