/**
 * How the offline queue's likes, bookmarks, follows, comments, shares, plantings and harvests try
 * again. Only a call that got no answer (fetch rejects with a TypeError) is tried again, for as long
 * as it takes, with TanStack's default backoff (1 s, doubling up to 30 s). Offline, the retry pauses
 * the mutation (networkMode offlineFirst), which the outbox saves and sends later. Online as far as
 * the browser knows but with no way through (a captive portal, a server out of reach, a network
 * coming back slowly), it keeps trying: it used to drop the user's action after 5 tries, a few
 * seconds. A refusal by the server is final: the pending state drops away.
 *
 * A tip keeps its own few tries (tip-queue.ts): its sender waits in the dialog for an outcome.
 */
export const retryUntilAnswered = {
  retry: (_failureCount: number, error: Error) => error instanceof TypeError,
} as const;

/**
 * What a cancelled action's next try throws instead of sending (web/features/outbox/cancel.ts). Not
 * a TypeError, so it is not tried again; the garden's refusal toast stays quiet for it.
 */
export class QueuedWorkCancelled extends Error {
  constructor() {
    super('Cancelled from Waiting to send');
    this.name = 'QueuedWorkCancelled';
  }
}
