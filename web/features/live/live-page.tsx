import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { chatTokenQueryOptions } from '../chat/use-chat-token';
import { NotAvailableOffline, waitsForNetwork } from '../pages/not-available-offline';
import { useProfile } from '../profile/queries';
import { LiveStream } from './live-stream';
import { currentSessionQueryOptions, streamKeyByUsernameQueryOptions } from './stream-queries';
import './live.css';

const route = getRouteApi('/live/$username');

/** /live/$username (live §2): looks up the streamer's key, live session and profile, then shows the stream. */
export function LivePage() {
  const { username } = route.useParams();
  const key = useQuery(streamKeyByUsernameQueryOptions(username));
  const profile = useProfile(username);
  // Read here, as soon as the key is known and beside the profile, so the session title is there
  // when the page first shows (it said 'No title available' while this read was still running).
  const session = useQuery(currentSessionQueryOptions(key.data?.id));
  // The chat token too, so the chat panel connects once, as a speaker, as soon as it mounts.
  const speaker = !!useSession().info?.user;
  useQuery({ ...chatTokenQueryOptions(key.data?.id ?? ''), enabled: speaker && !!key.data });

  if (waitsForNetwork(key) || waitsForNetwork(profile) || (!!key.data && waitsForNetwork(session))) {
    return <NotAvailableOffline />;
  }
  if (key.isPending || profile.isPending || (!!key.data && session.isPending)) {
    return (
      <div className="page live-state" role="status" data-testid="live-loading">
        <div className="spinner" aria-hidden="true" />
        <p>{MESSAGES.live.loading}</p>
      </div>
    );
  }
  if (key.isError || profile.isError) {
    const error = key.error ?? profile.error;
    return (
      <div className="page live-state" role="alert" data-testid="live-error">
        <h1>{MESSAGES.player.streamError}</h1>
        <p className="muted">{error?.message}</p>
      </div>
    );
  }
  if (!key.data || !profile.data) {
    return (
      <div className="page live-state" data-testid="live-no-key">
        <h1>{MESSAGES.live.noKey}</h1>
        <p className="muted">{MESSAGES.live.noKeyHint}</p>
      </div>
    );
  }
  return <LiveStream streamKey={key.data} profile={profile.data} />;
}
