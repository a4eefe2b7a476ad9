import { MESSAGES } from '../../../schema/messages';
import { PagePending } from '../pages/page-pending';

type ShortsStatusProps = { isPending: boolean; isError: boolean; isEmpty: boolean };

/** What the shorts pages show instead of a player: loading, failure or no shorts. Null otherwise. */
export function ShortsStatus({ isPending, isError, isEmpty }: ShortsStatusProps) {
  if (isPending) return <PagePending />;
  if (isError)
    return (
      <p className="page-message" role="alert">
        {MESSAGES.feed.loadFailed}
      </p>
    );
  if (isEmpty) return <p className="page-message">{MESSAGES.feed.noVideos}</p>;
  return null;
}
