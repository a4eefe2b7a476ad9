import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { LiveSession } from '../../../schema/live-session';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';

/** Home live card fallback title (live spec §2; not yet in the MESSAGES catalogue). */
const NO_TITLE = 'No title';

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

/** A live channel on home: preview frame, LIVE badge, viewers, title, streamer and category. */
export function LiveCard({ live }: { live: LiveSession }) {
  const { stream_sessions: session, stream_keys: streamKey, users: user } = live;
  const { ref, seen } = useSeen();
  return (
    <Link
      to="/live/$username"
      params={{ username: user.username }}
      className="card live-card"
      data-testid="live-card"
    >
      <div className="live-card-media" ref={ref}>
        <Avatar src={user.avatar} name={user.username} size={64} />
        {seen && (
          <Suspense fallback={null}>
            <LivePreview streamKey={streamKey} />
          </Suspense>
        )}
        <span className="live-badge">LIVE</span>
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
