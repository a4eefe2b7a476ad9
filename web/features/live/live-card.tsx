import { Link } from '@tanstack/react-router';
import type { LiveSession } from '../../../schema/live';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';

/** Home live card fallback title (live spec §2; not yet in the MESSAGES catalogue). */
const NO_TITLE = 'No title';

/** A live channel on home: LIVE badge, viewers, title, streamer and category (preview frame later). */
export function LiveCard({ live }: { live: LiveSession }) {
  const { stream_sessions: session, users: user } = live;
  return (
    <Link
      to="/live/$username"
      params={{ username: user.username }}
      className="card live-card"
      data-testid="live-card"
    >
      <div className="live-card-media">
        <Avatar src={user.avatar} name={user.username} size={64} />
        <span className="live-badge">LIVE</span>
        <span className="viewers">{formatCount(session.viewerCount)} watching</span>
      </div>
      <div className="card-body">
        <h3 className="card-title">{session.title || NO_TITLE}</h3>
        <p className="card-meta">@{user.username}</p>
        <p className="card-meta">
          {user.category}
          {user.subCategory && ` · ${user.subCategory}`}
        </p>
      </div>
    </Link>
  );
}
