import { Link } from '@tanstack/react-router';
import type { StreamSession } from '../../../schema/live-session';
import { MESSAGES } from '../../../schema/messages';
import type { UserProfile } from '../../../schema/user';
import { Avatar } from '../../ui/avatar';
import { FollowButton } from '../engagement/follow-button';
import { LiveTipButton } from './live-tip-button';

/** How many of the streamer's tags the panel shows (live §2). */
const TAGS_SHOWN = 2;

type LiveStreamerPanelProps = {
  profile: UserProfile;
  session: StreamSession | null;
  isLive: boolean;
  /** Follow and Tip Now are offered only to a signed-in viewer who is not the streamer. */
  canEngage: boolean;
  follow: { following: boolean; busy: boolean; toggle: () => void };
};

/** Under the player: LIVE badge, streamer, session title and description, category, tags, actions. */
export function LiveStreamerPanel({ profile, session, isLive, canEngage, follow }: LiveStreamerPanelProps) {
  return (
    <section className="live-streamer" aria-labelledby="live-title">
      <div className="live-streamer-head">
        <Avatar src={profile.avatar} name={profile.username} size={56} />
        <div className="live-streamer-text">
          <h1 id="live-title" className="live-title" data-testid="live-title">
            {isLive && (
              <span className="live-badge live-badge-inline" data-testid="live-badge">
                LIVE
              </span>
            )}
            {session?.title || MESSAGES.live.noTitle}
          </h1>
          <Link to="/u/$username" params={{ username: profile.username }} className="live-username">
            @{profile.username}
          </Link>
          <p className="muted live-category">
            {profile.category}
            {profile.subCategory && ` · ${profile.subCategory}`}
          </p>
        </div>
        {canEngage && (
          <div className="live-actions">
            <FollowButton
              following={follow.following}
              busy={follow.busy}
              onToggle={follow.toggle}
              unfollowOnHover
            />
            <LiveTipButton
              target={{
                receiver: { id: profile.id, username: profile.username, aptosAddress: profile.aptosAddress },
                tipType: 'stream',
                contentId: session?.id ?? null,
              }}
            />
          </div>
        )}
      </div>
      {session?.description && <p className="live-description">{session.description}</p>}
      {profile.tags.length > 0 && (
        <ul className="tags" aria-label="Tags">
          {profile.tags.slice(0, TAGS_SHOWN).map((tag) => (
            <li key={tag} className="tag">
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
