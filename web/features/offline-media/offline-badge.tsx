import { FEED_MESSAGES } from '../../../schema/messages/feed';
import { useOnline } from '../../lib/use-online';
import { useOfflineIds } from './offline-ids';
import './offline-badge.css';

/** On a card's poster: "Available offline" when its file is on this device; offline, the rest say they are not. */
export function OfflineBadge({ videoId }: { videoId: string }) {
  const kept = useOfflineIds().has(videoId);
  if (useOnline() && !kept) return null;
  return (
    <span className="offline-badge" data-kept={kept}>
      {kept ? 'Available offline' : FEED_MESSAGES.notAvailableOffline}
    </span>
  );
}
