import type { Video } from '../../../schema/content';
import { formatCount } from '../../ui/format';
import { showLoginRequired } from '../auth/require-login';
import { useFollow } from '../engagement/use-follow';
import { useLike } from '../engagement/use-like';
import { useShare } from '../engagement/use-share';
import { SaveForOffline } from '../offline-media/save-for-offline';
import { ReportButton } from '../reports/report-button';
import { GiftIcon } from '../shorts/rail-icons';
import { TipNowButton } from '../tips/tip-now-button';

/**
 * Like and Tip Now (hidden for the video's own creator), Share, Save for offline (public videos,
 * signed in or not: the file is public), and Report (issue 24 §1; not on one's own video). Signed out, like and share ask to log in (issue 20; content
 * §5 had them do nothing on the video page).
 */
export function WatchActions({ video }: { video: Video }) {
  const like = useLike(video, showLoginRequired);
  const share = useShare(video, showLoginRequired);
  const { isSelf } = useFollow(
    { userId: video.userId, followers: video.creatorFollowers },
    showLoginRequired,
  );
  return (
    <div className="watch-actions">
      {isSelf ? (
        <span className="muted" data-testid="like-count">
          ♥ {formatCount(like.count)}
        </span>
      ) : (
        <button
          type="button"
          className="button"
          aria-pressed={like.liked}
          data-active={like.liked ? 'true' : undefined}
          onClick={like.toggle}
        >
          ♥ Like <span data-testid="like-count">{formatCount(like.count)}</span>
        </button>
      )}
      <button type="button" className="button" onClick={share.share}>
        ↗ Share
      </button>
      {!isSelf && (
        <TipNowButton
          className="button button-primary"
          creator={{ userId: video.userId, username: video.creator }}
          tipType="video"
          contentId={video.id}
        >
          <GiftIcon size={18} /> Tip Now
        </TipNowButton>
      )}
      <SaveForOffline video={video} />
      {!isSelf && <ReportButton target={{ kind: 'video', targetId: video.id }} noun="video" />}
    </div>
  );
}
