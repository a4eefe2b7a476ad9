import { DurableObject } from 'cloudflare:workers';
import { configFor } from '../config/config';
import { chainFor } from '../providers/chain';
import type { Ledger, PostOutcome } from './ledger';
import { LedgerError, type PostInput, postTransaction } from './post-transaction';
import { SETTLE_AFTER_MS } from './settle-timing';
import { type SettlementRun, settlePendingWithdrawals } from './settle-withdrawals';
import { runSend, type SendOutcome, type SignedCallback } from './treasury-sends';
import { getOldestPendingWithdrawalTime } from './withdrawal-queries';

/** While a due withdrawal waits on the chain (its expiry, a node that did not answer): look again. */
const RETRY_MS = 10_000;

/**
 * The platform's one ledger writer (DESIGN.md §5), a Durable Object reached as `ledgerFor(env)`.
 *
 * - Every post of the platform runs here, so posts that arrive together commit in one D1 batch
 *   (`postTransaction`'s group commit) in this object's own context: a request that is cancelled
 *   or ends early cannot take a group's I/O down with it, and one writer means no seq races.
 * - It settles withdrawals their request did not finish (a crash between debit and send, a lost
 *   answer): a withdrawal arms the alarm for `SETTLE_AFTER_MS` (or `WITHDRAW_SETTLE_AFTER_SECONDS`)
 *   later, and each alarm settles what is due and re-arms while any withdrawal is still pending. Alarms are durable and retried, so
 *   this runs the same under `wrangler dev` and in production; `armSettlement` (called once per
 *   worker isolate) re-arms after a restart that lost an alarm.
 * - It is the treasury's one sender: every REEL send of a withdrawal runs here, one at a time, each
 *   built on the sequence number the chain holds once the previous one committed (CONTEXT.md).
 */
export class LedgerWriter extends DurableObject<Env> {
  private readonly ledger: Ledger = { post: (input) => postTransaction(this.env.DB, input) };
  /** The last send queued; the next one starts when it has settled (`runSend` never rejects). */
  private lastSend: Promise<SendOutcome> = Promise.resolve({ ok: true, hash: '' });

  /** How long a new withdrawal is left to its own request: the var when set, else 60 s. */
  private get settleAfterMs() {
    const seconds = configFor(this.env).WITHDRAW_SETTLE_AFTER_SECONDS;
    return seconds === undefined ? SETTLE_AFTER_MS : seconds * 1000;
  }

  /** Posts one balanced transaction; refusals come back as data (see `ledgerFor`). */
  async post(input: PostInput): Promise<PostOutcome> {
    try {
      const result = await this.ledger.post(input);
      if (input.kind === 'withdraw' && !result.replayed) await this.armAt(Date.now() + this.settleAfterMs);
      return { ok: true, result };
    } catch (error) {
      if (error instanceof LedgerError) return { ok: false, code: error.code, message: error.message };
      throw error;
    }
  }

  /**
   * Sends REEL from the treasury after every send queued before it has committed or failed, so no
   * two sends of the treasury ever hold the same sequence number. Errors come back as data.
   */
  async sendReel(to: string, amount: number, onSigned?: SignedCallback): Promise<SendOutcome> {
    const turn = this.lastSend.then(() => runSend(chainFor(this.env), to, amount, onSigned));
    this.lastSend = turn;
    return turn;
  }

  /** Settles every withdrawal that is due now, then re-arms for the ones left. */
  async settle(): Promise<SettlementRun> {
    const run = await settlePendingWithdrawals(
      { db: this.env.DB, chain: chainFor(this.env), ledger: this.ledger },
      new Date(),
      this.settleAfterMs,
    );
    if (run.completed + run.reversed > 0) console.log('withdrawals settled', run);
    await this.armSettlement();
    return run;
  }

  /** Sets the alarm for the oldest pending withdrawal, if any (and none sooner is set). */
  async armSettlement(): Promise<void> {
    const oldest = await getOldestPendingWithdrawalTime(this.env.DB);
    if (oldest) await this.armAt(Math.max(oldest.getTime() + this.settleAfterMs, Date.now() + RETRY_MS));
  }

  override async alarm(): Promise<void> {
    await this.settle();
  }

  private async armAt(time: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > time) await this.ctx.storage.setAlarm(time);
  }
}
