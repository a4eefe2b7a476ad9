import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LiveSession } from '../../../schema/live-session';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';
import './live-card.css';

/** Home live card fallback title (live spec §2; not yet in the MESSAGES catalogue). */
const NO_TITLE = 'No title';
/** A prepared session with no media yet (issue 13.6): it is not live, so never the LIVE badge. */
const STARTING_SOON = 'Starting soon';

// The preview brings hls.js: it loads only once a card scrolls into view (home's JS budget).
const LivePreview = lazy(() => import('./live-preview').then((module) => ({ default: module.LivePreview })));

/** True once the element has come within 200 px of the viewport; it stays true after that. */
function useSeen() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

/**
 * A live channel on home: preview frame, LIVE badge, viewers, title, streamer and category. A
 * session prepared with no media yet says 'Starting soon' and has no preview (nothing to play).
 */
export function LiveCard({ live }: { live: LiveSession }) {
  const { stream_sessions: session, stream_keys: streamKey, users: user } = live;
  const onAir = session.status === 'live';
  const { ref, seen } = useSeen();
  return (
    <Link
      to="/live/$username"
      params={{ username: user.username }}
      className="card live-card"
      data-testid="live-card"
      data-state={onAir ? 'live' : 'starting'}
    >
      <div className="live-card-media" ref={ref}>
        <Avatar src={user.avatar} name={user.username} size={64} />
        {onAir && seen && (
          <Suspense fallback={null}>
            <LivePreview streamKey={streamKey} />
          </Suspense>
        )}
        {onAir ? (
          <span className="live-badge">LIVE</span>
        ) : (
          <span className="starting-soon-badge">{STARTING_SOON}</span>
        )}
        <span className="viewers" data-testid="live-card-viewers">
          {formatCount(session.viewerCount)} watching
        </span>
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
