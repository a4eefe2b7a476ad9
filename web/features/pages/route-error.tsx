import type { ErrorComponentProps } from '@tanstack/react-router';
import { useOnline } from '../../lib/use-online';
import { NotAvailableOffline } from './not-available-offline';

/**
 * Shown when a page fails to render or its code fails to load. Offline, a page whose code this
 * device never kept (route chunks are cached on first use) is "Not available offline", not a fault.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const online = useOnline();
  if (!online) return <NotAvailableOffline />;
  return (
    <section className="page not-built" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Retry
      </button>
    </section>
  );
}
