import type { Video } from '../../../schema/content';
import { formatCount } from '../../ui/format';
import { useFollow } from '../engagement/use-follow';
import { useLike } from '../engagement/use-like';
import { useShare } from '../engagement/use-share';
import { SaveForOffline } from '../offline-media/save-for-offline';
import { GiftIcon } from '../shorts/rail-icons';
import { TipNowButton } from '../tips/tip-now-button';

const nothing = () => undefined;

/**
 * Like and Tip Now (hidden for the video's own creator), Share, and Save for offline (public videos,
 * signed in or not: the file is public); signed out like and share do nothing.
 */
export function WatchActions({ video }: { video: Video }) {
  const like = useLike(video, nothing);
  const share = useShare(video, nothing);
  const { isSelf } = useFollow({ userId: video.userId, followers: video.creatorFollowers }, nothing);
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
    </div>
  );
}
