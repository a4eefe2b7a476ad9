import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { TransactionSchema } from '../../../schema/money';
import { UserSchema } from '../../../schema/user';
import { apiGet, withQuery } from '../../lib/api';
import { sessionQueryOptions } from '../../lib/session';

const moneyKeys = {
  user: (address: string) => ['users', 'address', address.toLowerCase()] as const,
  transactions: (userId: string) => ['transactions', 'user', userId] as const,
};

/** `GET /api/users/address/{addr}`: the signed-in user with the balance the ledger holds. */
export const walletUserQueryOptions = (address: string) =>
  queryOptions({
    queryKey: moneyKeys.user(address),
    queryFn: ({ signal }) => apiGet(`/api/users/address/${address}`, UserSchema, { signal }),
    staleTime: 0,
  });

/** The wallet page's user, re-read every 3 s while the page is open (accounts §2). */
export function useWalletUser(address: string) {
  return useQuery({ ...walletUserQueryOptions(address), refetchInterval: LIMITS.walletRefetchMs });
}

/** `GET /api/transactions/user/{id}?limit=10`: the latest transactions for the history dialog. */
export const transactionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: moneyKeys.transactions(userId),
    queryFn: ({ signal }) =>
      apiGet(
        withQuery(`/api/transactions/user/${userId}`, { limit: LIMITS.walletTransactions }),
        z.array(TransactionSchema),
        { signal },
      ),
    staleTime: 0,
  });

export function useTransactions(userId: string, enabled: boolean) {
  return useQuery({ ...transactionsQueryOptions(userId), enabled });
}

/** After money moved: every balance on screen (session, wallet user, profiles) and the history are re-read. */
export function refetchMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['transactions'] }),
  ]);
}
