import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, ISSUANCE_ACCOUNT } from '../../schema/ledger';
import { decideGroup, type GroupPost, type GroupState } from '../../worker/money/group-commit';
import type { PostedTransaction } from '../../worker/money/ledger-queries';

const tip = (from: string, to: string, amount: number, causeId: string, key?: string): GroupPost => ({
  kind: 'tip',
  causeId,
  idempotencyKey: key,
  entries: [
    { accountId: from, amount: -amount },
    { accountId: to, amount },
  ],
});

const state = (balances: Record<string, number>, extra: Partial<GroupState> = {}): GroupState => ({
  head: { seq: 0, hash: GENESIS_HASH },
  posted: [],
  balances: new Map(Object.entries(balances)),
  guards: [],
  ...extra,
});

const earlier: PostedTransaction = {
  id: 'tx-1',
  seq: 1,
  kind: 'tip',
  causeId: 'old',
  hash: 'h',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('decideGroup', () => {
  it('lets a post spend what an earlier post of the group received, in queue order', () => {
    const posts = [tip('b', 'a', 5, 'x'), tip('a', 'b', 10, 'y'), tip('b', 'c', 10, 'z')];
    expect(decideGroup(posts, state({ a: 5, b: 5 })).map((d) => d.to)).toEqual([
      'commit',
      'commit',
      'commit',
    ]);
    // In the other order the first post overdraws alone and the rest still decide on what is left.
    expect(decideGroup([posts[2], posts[0], posts[1]] as GroupPost[], state({ a: 5, b: 5 }))).toEqual([
      { to: 'refuse', code: 'insufficient_balance' },
      { to: 'commit' },
      { to: 'commit' },
    ]);
  });

  it('lets only the issuance account go below zero; an unopened account holds 0', () => {
    const posts = [tip(ISSUANCE_ACCOUNT, 'new', 100, 'dep'), tip('other', 'new', 1, 't')];
    expect(decideGroup(posts, state({}))).toEqual([
      { to: 'commit' },
      { to: 'refuse', code: 'insufficient_balance' },
    ]);
  });

  it('answers repeats: posted before by key first, then by cause; in the group only after a commit', () => {
    const posts = [
      tip('a', 'b', 1, 'another', 'k-old'),
      tip('a', 'b', 1, 'old'),
      tip('a', 'b', 50, 'big'),
      tip('a', 'b', 1, 'big'),
      tip('a', 'b', 1, 'small', 'k'),
      tip('a', 'b', 1, 'other', 'k'),
    ];
    const decided = decideGroup(
      posts,
      state({ a: 10 }, { posted: [{ posted: earlier, idempotencyKey: 'k-old' }] }),
    );
    expect(decided).toEqual([
      { to: 'replay', of: earlier },
      { to: 'replay', of: earlier },
      { to: 'refuse', code: 'insufficient_balance' },
      // The refused 'big' wrote nothing, so the next post of that cause decides by itself.
      { to: 'commit' },
      { to: 'commit' },
      { to: 'replay-in-group', of: 4 },
    ]);
  });

  it('refuses a post whose guard found no row, and it moves nothing for the posts after it', () => {
    const posts = [tip('a', 'b', 10, 'g'), tip('a', 'b', 10, 'h')];
    expect(decideGroup(posts, state({ a: 10 }, { guards: [[true, false], []] }))).toEqual([
      { to: 'refuse', code: 'precondition_failed' },
      { to: 'commit' },
    ]);
  });
});
