import { Link, useRouter } from '@tanstack/react-router';
// The feed's messages alone: the route error that shows this is in home's entry chunk.
import { FEED_MESSAGES } from '../../../schema/messages/feed';

/**
 * Whether a read has nothing to show and is waiting for the network: TanStack Query pauses a query
 * with no network, and one never answered on this device stays pending for good (issue 23 §5:
 * "Loading stream..." spun forever offline).
 */
export const waitsForNetwork = (query: { isPending: boolean; fetchStatus: string }) =>
  query.isPending && query.fetchStatus === 'paused';

/**
 * A page whose data this device never kept, opened offline: it says so and offers a way back
 * (the page before, or home), as the watch page does for a video that is not kept.
 */
export function NotAvailableOffline() {
  const router = useRouter();
  return (
    <section className="page page-offline" role="status" data-testid="not-available-offline">
      <h1>{FEED_MESSAGES.notAvailableOffline}</h1>
      <p className="muted">
        This page has not been opened on this device. It will load when you are back online.
      </p>
      <div className="page-offline-actions">
        <button type="button" className="button" onClick={() => router.history.back()}>
          Go back
        </button>
        <Link to="/" className="button button-primary">
          Home
        </Link>
      </div>
    </section>
  );
}
