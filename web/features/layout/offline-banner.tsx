import { useOnline } from '../../lib/use-online';

/** Tells the user the page shows cached content while the network is gone. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      You are offline — showing saved content
    </div>
  );
}
