import { COIN_UNIT, REEL_PER_APT } from '../../../schema/constants';
import { ISSUANCE_ACCOUNT } from '../../../schema/ledger';
import type { Deposit } from '../../../schema/money';
import type { User } from '../../../schema/user';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Money } from '../../relayer/ledger/ledger';
import { userLedgerAccountId } from '../../relayer/users-queries';
import { insertTransactionStatement } from '../transactions/queries';
import { getDepositByHash, getDepositById, insertCreditedDepositStatement } from './queries';
import { judgeDepositTransfer } from './rules';

export type DepositClaim = {
  txHash: string;
  referralCode?: string | null | undefined;
  /** The REEL the client expects (the package it bought); must match what the chain says. */
  expectedReel?: number | undefined;
};

export type CreditResult = { deposit: Deposit; credited: boolean };

const alreadyCredited = (deposit: Deposit, caller: User, claim: DepositClaim): CreditResult => {
  if (deposit.userId !== caller.id)
    throw new ApiError(409, 'conflict', 'This transaction was already credited');
  if (claim.expectedReel !== undefined && claim.expectedReel !== deposit.amount) {
    throw badRequest(`This deposit is worth ${deposit.amount} REEL`);
  }
  return { deposit, credited: false };
};

/**
 * Credits the REEL a verified APT transfer paid for (DESIGN.md §5), at most once per hash. Every
 * call of the deposit flow lands here; the first credits, the others find the credited deposit and
 * move nothing. The credit, its deposits row and its transactions row are one ledger batch, so a
 * deposit is never half-recorded. A refused hash writes nothing (so nobody can block someone
 * else's hash by claiming it first).
 */
export const creditDeposit = async (
  { db, chain, ledger }: Money,
  caller: User,
  claim: DepositClaim,
): Promise<CreditResult> => {
  const known = await getDepositByHash(db, claim.txHash);
  if (known) return alreadyCredited(known, caller, claim);

  const verdict = judgeDepositTransfer(await chain.transferByHash(claim.txHash), {
    sender: caller.aptosAddress,
    platformAddress: chain.platformAddress,
  });
  if (!verdict.ok) {
    const code = verdict.status === 403 ? 'forbidden' : verdict.status === 404 ? 'not_found' : 'bad_request';
    throw new ApiError(verdict.status, code, verdict.message);
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
  return posted.replayed ? alreadyCredited(deposit, caller, claim) : { deposit, credited: true };
};

/** A deposit, visible only to its owner (404 to anyone else: nothing leaks). */
export const readOwnDeposit = async (
  db: D1Database,
  caller: User,
  by: { id: string } | { hash: string },
): Promise<Deposit> => {
  const deposit = 'id' in by ? await getDepositById(db, by.id) : await getDepositByHash(db, by.hash);
  if (!deposit || deposit.userId !== caller.id) throw notFound('Deposit not found');
  return deposit;
};
