import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Video } from '../../../schema/content';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';
import { showLoginRequired } from '../auth/require-login';
import { useBookmark } from '../engagement/use-bookmark';
import { useFollow } from '../engagement/use-follow';
import { useLike } from '../engagement/use-like';
import { useShare } from '../engagement/use-share';
import { TipNowButton } from '../tips/tip-now-button';
import { BookmarkIcon, CommentIcon, GiftIcon, HeartIcon, ShareIcon } from './rail-icons';

type ShortRailProps = { short: Video; commentCount: number; onOpenComments: () => void };

type RailButtonProps = {
  label: string;
  icon: ReactNode;
  count: number;
  pressed?: boolean;
  onClick: () => void;
};

function RailButton({ label, icon, count, pressed, onClick }: RailButtonProps) {
  return (
    <button
      type="button"
      className="rail-button"
      aria-label={label}
      aria-pressed={pressed}
      data-active={pressed ? 'true' : undefined}
      onClick={onClick}
    >
      <span className="rail-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="rail-count" data-testid={`rail-${label.toLowerCase()}-count`}>
        {formatCount(count)}
      </span>
    </button>
  );
}

/** The right rail of a short: creator with follow '+', like, comments, bookmark, share, and Tip Now for others' shorts. */
export function ShortRail({ short, commentCount, onOpenComments }: ShortRailProps) {
  const like = useLike(short, showLoginRequired);
  const bookmark = useBookmark(short, showLoginRequired);
  const share = useShare(short, showLoginRequired);
  const follow = useFollow({ userId: short.userId, followers: short.creatorFollowers }, showLoginRequired);
  return (
    <div className="shorts-rail">
      <div className="rail-creator">
        <Link to="/u/$username" params={{ username: short.creator }} aria-label={`@${short.creator}`}>
          <Avatar src={short.creatorAvatar} name={short.creator} size={44} />
        </Link>
        {!follow.isSelf && !follow.following && (
          <button
            type="button"
            className="rail-follow"
            aria-label={`Follow @${short.creator}`}
            onClick={() => follow.setFollowing(true)}
          >
            +
          </button>
        )}
      </div>
      <RailButton
        label="Like"
        icon={<HeartIcon />}
        count={like.count}
        pressed={like.liked}
        onClick={like.toggle}
      />
      <RailButton label="Comments" icon={<CommentIcon />} count={commentCount} onClick={onOpenComments} />
      <RailButton
        label="Bookmark"
        icon={<BookmarkIcon />}
        count={bookmark.count}
        pressed={bookmark.bookmarked}
        onClick={bookmark.toggle}
      />
      <RailButton label="Share" icon={<ShareIcon />} count={share.count} onClick={share.share} />
      {!follow.isSelf && (
        <TipNowButton
          className="rail-button"
          creator={{ userId: short.userId, username: short.creator }}
          tipType="short"
          contentId={short.id}
        >
          <span className="rail-icon" aria-hidden="true">
            <GiftIcon />
          </span>
          <span className="rail-count">Tip</span>
        </TipNowButton>
      )}
    </div>
  );
}
