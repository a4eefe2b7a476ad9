import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { COIN_UNIT, LIMITS } from '../../../schema/constants';
import { HistoryLineSchema } from '../../../schema/money';
import { UserSchema } from '../../../schema/user';
import { apiGet, withQuery } from '../../lib/api';
import { sessionQueryOptions } from '../../lib/session';
import { loadChainReader } from '../wallet/chain-client';

const moneyKeys = {
  user: (address: string) => ['users', 'address', address.toLowerCase()] as const,
  history: (userId: string) => ['transactions', 'history', userId] as const,
  apt: (address: string) => ['wallet', 'apt', address.toLowerCase()] as const,
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

/**
 * `GET /api/transactions/user/{id}/history?limit=10`: the latest lines of the history dialog, every
 * movement of the balance (top-ups, withdrawals, tips sent and received). Never persisted on the
 * device: its key is not a public one (data/persist-policy.ts).
 */
export const historyQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: moneyKeys.history(userId),
    queryFn: ({ signal }) =>
      apiGet(
        withQuery(`/api/transactions/user/${userId}/history`, { limit: LIMITS.walletTransactions }),
        z.array(HistoryLineSchema),
        { signal },
      ),
    staleTime: 0,
  });

/**
 * The connected wallet's APT (issue 23 §5): what a top-up can spend, read from the chain with the
 * ts-sdk (loaded with it, never with home). Read again after each payment (`refetchMoney`); a
 * device keeps none of it (not a public key, data/persist-policy.ts).
 */
export function useAptBalance(address: string, enabled: boolean) {
  return useQuery({
    queryKey: moneyKeys.apt(address),
    queryFn: async () => (await (await loadChainReader()).aptBalance(address)) / COIN_UNIT,
    enabled,
    retry: 1,
  });
}

export function useHistory(userId: string, enabled: boolean) {
  return useQuery({ ...historyQueryOptions(userId), enabled });
}

/** After money moved: every balance on screen (session, wallet user, profiles) and the history are re-read. */
export function refetchMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  ]);
}
