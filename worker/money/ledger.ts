import type { ChainPort } from '../ports/chain';
import { chainFor } from '../providers/chain';
import { LedgerError, type LedgerErrorCode, type PostInput, type PostResult } from './post-transaction';
import { orderedTreasury } from './treasury-sends';

/** What the money code needs from the ledger: one way to post a balanced transaction. */
export type Ledger = { post(input: PostInput): Promise<PostResult> };

/** A post's outcome as it crosses the RPC boundary (a thrown `LedgerError` would lose its class). */
export type PostOutcome =
  | { ok: true; result: PostResult }
  | { ok: false; code: LedgerErrorCode; message: string };

/** The one ledger writer of the platform (a Durable Object, `ledger-writer.ts`). */
export const LEDGER_WRITER_NAME = 'main';

export const ledgerWriter = (env: Env) => env.LEDGER.getByName(LEDGER_WRITER_NAME);

/**
 * The ledger for request code: every post goes to the single writer, which commits posts that queue
 * together in one D1 batch independently of any one request (DESIGN.md §5). Refusals come back as
 * the same `LedgerError`s `postTransaction` throws.
 */
export const ledgerFor = (env: Env): Ledger => ({
  async post(input) {
    const outcome = await ledgerWriter(env).post(input);
    if (!outcome.ok) throw new LedgerError(outcome.code, outcome.message);
    return outcome.result;
  },
});

/** What money code works with: D1 for its reads, the chain port, and the ledger for every movement. */
export type Money = { db: D1Database; chain: ChainPort; ledger: Ledger };

/** Money for request code: its chain port's REEL sends go to the writer, the treasury's one sender. */
export const moneyFor = (env: Env): Money => ({
  db: env.DB,
  chain: orderedTreasury(chainFor(env), (to, amount, onSigned) =>
    ledgerWriter(env).sendReel(to, amount, onSigned),
  ),
  ledger: ledgerFor(env),
});

/** Arms withdrawal settlement for what is pending; never fails the caller (the next isolate retries). */
export const armSettlement = (env: Env) =>
  ledgerWriter(env)
    .armSettlement()
    .catch((error: unknown) => console.error('could not arm withdrawal settlement', error));
