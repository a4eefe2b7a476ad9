import { GENESIS_HASH, ISSUANCE_ACCOUNT, type LedgerEntry } from '../../schema/ledger';
import { prepare } from '../lib/sql';
import {
  balancesStatement,
  type Guard,
  guardCheckStatement,
  headStatement,
  type LedgerKind,
  type PostedTransaction,
  type TransactionRowWithKey,
  toPostedWithKey,
  transactionsByCausesOrKeysStatement,
} from './ledger-queries';

/** A post as the group commit sees it (the fields `PostTransactionInput` has that it reads). */
export type GroupPost = {
  kind: LedgerKind;
  causeId: string;
  idempotencyKey?: string | undefined;
  entries: readonly LedgerEntry[];
  guards?: readonly Guard[] | undefined;
};

/** What one post of a group comes to, decided before the group's batch is written. */
export type Decision =
  | { to: 'replay'; of: PostedTransaction }
  | { to: 'replay-in-group'; of: number }
  | { to: 'refuse'; code: 'insufficient_balance' | 'precondition_failed' }
  | { to: 'commit' };

/** What the group's one read found: the head, earlier transactions, balances, each guard's answer. */
export type GroupState = {
  head: { seq: number; hash: string };
  posted: readonly { posted: PostedTransaction; idempotencyKey: string | null }[];
  balances: ReadonlyMap<string, number>;
  /** Per post, whether each of its guards found its row (in order). */
  guards: readonly (readonly boolean[])[];
};

/**
 * Reads, in ONE D1 batch (one snapshot), what deciding a group needs: the chain head, the
 * transactions already posted for the group's causes or keys, the balances of every account the
 * group touches, and each guard's answer.
 */
export const readGroupState = async (db: D1Database, posts: readonly GroupPost[]): Promise<GroupState> => {
  const accounts = [...new Set(posts.flatMap((post) => post.entries.map((entry) => entry.accountId)))];
  const keys = posts.flatMap((post) => (post.idempotencyKey ? [post.idempotencyKey] : []));
  const guards = posts.flatMap((post) => post.guards ?? []);
  const [head, posted, balances, ...checks] = await db.batch([
    headStatement(db),
    transactionsByCausesOrKeysStatement(db, posts, keys),
    balancesStatement(db, accounts),
    ...guards.map((guard) => prepare(db, guardCheckStatement(guard))),
  ]);
  const headRow = head?.results[0] as { seq: number; hash: string } | undefined;
  const answers = checks.map((check) => (check.results[0] as { ok: number } | undefined)?.ok === 1);
  let next = 0;
  return {
    head: headRow ?? { seq: 0, hash: GENESIS_HASH },
    posted: ((posted?.results ?? []) as TransactionRowWithKey[]).map(toPostedWithKey),
    balances: new Map(
      ((balances?.results ?? []) as { account_id: string; amount: number }[]).map((row) => [
        row.account_id,
        row.amount,
      ]),
    ),
    guards: posts.map((post) => (post.guards ?? []).map(() => answers[next++] === true)),
  };
};

/**
 * Decides each post of a group in queue order, as committing them one after another would:
 * - posted before (same idempotency key, else same kind and cause): a replay of that transaction;
 * - the same key, or kind and cause, as an earlier post of this group that commits: a replay of it;
 * - a guard that found no row: refused ('precondition_failed');
 * - an account other than issuance that would go below 0, counting the group's earlier commits
 *   (a post may spend what an earlier one received): refused ('insufficient_balance');
 * - otherwise it commits, and its entries move the running balances.
 * A refused post writes nothing and changes nothing for the posts after it, so the batch holds
 * only posts that commit: no statement of it is expected to fail.
 */
export const decideGroup = (posts: readonly GroupPost[], state: GroupState): Decision[] => {
  const balances = new Map(state.balances);
  const committing = new Map<string, number>();
  const causeOf = (post: GroupPost) => JSON.stringify([post.kind, post.causeId]);
  return posts.map((post, index): Decision => {
    const key = post.idempotencyKey;
    const earlier =
      (key ? state.posted.find((tx) => tx.idempotencyKey === key) : undefined) ??
      state.posted.find((tx) => tx.posted.kind === post.kind && tx.posted.causeId === post.causeId);
    if (earlier) return { to: 'replay', of: earlier.posted };
    const inGroup = (key ? committing.get(`key:${key}`) : undefined) ?? committing.get(causeOf(post));
    if (inGroup !== undefined) return { to: 'replay-in-group', of: inGroup };
    if (state.guards[index]?.includes(false)) return { to: 'refuse', code: 'precondition_failed' };
    const after = post.entries.map((entry) => (balances.get(entry.accountId) ?? 0) + entry.amount);
    if (post.entries.some((entry, i) => entry.accountId !== ISSUANCE_ACCOUNT && (after[i] ?? 0) < 0)) {
      return { to: 'refuse', code: 'insufficient_balance' };
    }
    for (const [i, entry] of post.entries.entries()) balances.set(entry.accountId, after[i] ?? 0);
    committing.set(causeOf(post), index);
    if (key) committing.set(`key:${key}`, index);
    return { to: 'commit' };
  });
};
