import type { Deposit } from '../../../schema/money';
import type { SessionUser } from '../../../schema/user';
import { notFound } from '../../lib/errors';
import { getDepositByHash, getDepositById } from '../../money/deposit-queries';

/** A deposit, visible only to its owner (404 to anyone else: nothing leaks). */
export const readOwnDeposit = async (
  db: D1Database,
  caller: SessionUser,
  by: { id: string } | { hash: string },
): Promise<Deposit> => {
  const deposit = 'id' in by ? await getDepositById(db, by.id) : await getDepositByHash(db, by.hash);
  if (!deposit || deposit.userId !== caller.id) throw notFound('Deposit not found');
  return deposit;
};
