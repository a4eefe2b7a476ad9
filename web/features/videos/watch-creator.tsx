import { Link } from '@tanstack/react-router';
import type { Video } from '../../../schema/content';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';
import { showLoginRequired } from '../auth/require-login';
import { FollowButton } from '../engagement/follow-button';
import { useFollow } from '../engagement/use-follow';

/** The creator under the player: followers and Follow / Following (Unfollow on hover), busy while saving. */
export function WatchCreator({ video }: { video: Video }) {
  // Signed out, Follow asks to log in: issue 20 overrides content §5's silent no-op on the video page.
  const follow = useFollow({ userId: video.userId, followers: video.creatorFollowers }, showLoginRequired);
  return (
    <div className="watch-creator">
      <Link to="/u/$username" params={{ username: video.creator }} className="watch-creator-link">
        <Avatar src={video.creatorAvatar} name={video.creator} size={40} />
        <span>
          <strong>@{video.creator}</strong>
          <span className="muted watch-followers" data-testid="creator-followers">
            {formatCount(follow.followers)} followers
          </span>
        </span>
      </Link>
      {!follow.isSelf && (
        <FollowButton
          following={follow.following}
          busy={follow.busy}
          onToggle={() => follow.setFollowing(!follow.following)}
          unfollowOnHover
        />
      )}
    </div>
  );
}
