import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PublicStreamKey } from '../../../schema/live-session';
import type { UserProfile } from '../../../schema/user';
import { useSession } from '../../lib/session';
import { ChatPanel } from '../chat/chat-panel';
import { LivePlayer } from '../player/live-player';
import { useProfileFollow } from '../profile/use-profile-follow';
import { useStreamViewTracking } from '../views/use-view-tracking';
import { LiveAbout } from './live-about';
import { LiveStreamerPanel } from './live-streamer-panel';
import { liveKeys } from './queries';
import { reportDiffersFromRead, reportDisagrees } from './status-report';
import {
  currentSessionQueryOptions,
  playbackUrlQueryOptions,
  playerStatusQueryOptions,
} from './stream-queries';
import { type LiveStatus, useStreamStatus } from './use-stream-status';

type LiveStreamProps = { streamKey: PublicStreamKey; profile: UserProfile };

/**
 * One streamer's live page: the player driven by the status room (LIVE and offline without a
 * reload), the streamer panel and About, and the chat room of the stream key's public id.
 */
export function LiveStream({ streamKey, profile }: LiveStreamProps) {
  const status = useStreamStatus(streamKey.id);
  const session = useQuery(currentSessionQueryOptions(streamKey.id));
  const playback = useQuery(playbackUrlQueryOptions(streamKey));
  const client = useQueryClient();
  const viewer = useSession().info?.user;
  const follow = useProfileFollow(profile);
  const current = session.data?.stream_sessions ?? null;
  const isLive = status.isLive === true;
  const read = useQuery(playerStatusQueryOptions(streamKey.id, status.isLive));
  // Until the first status answer is in, the player waits instead of loading hls.js.
  const whepUrl = read.isPending ? undefined : (read.data?.whepUrl ?? null);
  // Read the status again when the room reports what the last read did not (a publisher may have
  // come or gone) or the last read failed, not when the room's first answer repeats what the page's
  // own read said. Named by the report, so a further report the read is still behind reads again.
  const readStale = read.isError || (!!read.data && reportDiffersFromRead(status, read.data));
  const behindReport = status.isLive !== null && readStale ? `${status.isLive}/${status.sessionId}` : null;
  useEffect(() => {
    if (behindReport) void client.invalidateQueries({ queryKey: liveKeys.status(streamKey.id) });
  }, [client, streamKey.id, behindReport]);

  // A new session (prepared, started or ended) changes the title and what a tip is for: read it
  // again when the room reports a change, not when it first answers what the page already shows
  // (the page read the session as it loaded; reading it on every report made three reads).
  // A flag, not the session itself, wakes the effect: a re-read that answers the same session with
  // other numbers must not start another.
  const reported = useRef<LiveStatus | null>(null);
  const behind = reportDisagrees(status, current);
  useEffect(() => {
    if (status.isLive === null || session.isPending) return;
    const before = reported.current;
    reported.current = status;
    const changed = before ? before.isLive !== status.isLive || before.sessionId !== status.sessionId : false;
    if (changed || behind) void client.invalidateQueries({ queryKey: liveKeys.current(streamKey.id) });
  }, [client, streamKey.id, status, session.isPending, behind]);

  useStreamViewTracking(current?.id ?? null, isLive);

  const src = playback.isPending ? null : (playback.data ?? null);
  return (
    // The order a keyboard and a screen reader follow, and a phone shows (live.css).
    <div className="page live-page with-chat">
      {playback.isPending ? (
        <div className="live-player-placeholder" aria-hidden="true" />
      ) : (
        <LivePlayer
          src={src}
          live={status.isLive}
          title={current?.title}
          viewers={current?.viewerCount ?? null}
          realtime={{ whepUrl }}
        />
      )}
      <ChatPanel room={streamKey.id} />
      <LiveStreamerPanel
        profile={profile}
        session={current}
        isLive={isLive}
        canEngage={!!viewer && viewer.id !== profile.id}
        follow={{
          following: follow.following,
          busy: follow.busy,
          toggle: () => follow.setFollowing(!follow.following),
        }}
      />
      <LiveAbout profile={profile} followers={follow.followers} />
    </div>
  );
}
