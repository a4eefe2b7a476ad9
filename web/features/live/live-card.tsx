import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { LiveSession } from '../../../schema/live-session';
import { Avatar } from '../../ui/avatar';
import { formatCount } from '../../ui/format';
import './live-card.css';
import { usePreviewStart } from './use-preview-start';

/** Home live card fallback title (live spec §2; not yet in the MESSAGES catalogue). */
const NO_TITLE = 'No title';
/** A prepared session with no media yet (issue 13.6): it is not live, so never the LIVE badge. */
const STARTING_SOON = 'Starting soon';

// The preview brings hls.js: it loads only when the card asks for it (use-preview-start.ts).
const LivePreview = lazy(() => import('./live-preview').then((module) => ({ default: module.LivePreview })));

/** How often, and how many times, a card asks again for a still the encoder has not sent yet. */
const STILL_RETRY_MS = 5000;
const STILL_TRIES = 4;

/**
 * The encoder's still frame over the avatar. None yet (a stream that just went live: the first
 * still comes a few seconds after the first segment) leaves the avatar and asks again a few times.
 */
function LiveStill({ src }: { src: string }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed || attempt + 1 >= STILL_TRIES) return;
    const timer = setTimeout(() => {
      setFailed(false);
      setAttempt((n) => n + 1);
    }, STILL_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed, attempt]);
  return (
    <img
      key={attempt}
      className="live-card-still"
      data-testid="live-card-still"
      hidden={failed}
      src={attempt === 0 ? src : `${src}?try=${attempt}`}
      alt=""
      width={640}
      height={360}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * A live channel on home: the stream's still frame (the avatar until one exists), LIVE badge,
 * viewers, title, streamer and category; the moving preview loads on hover or focus
 * (use-preview-start.ts). A session prepared with no media yet
 * says 'Starting soon' and has neither (nothing to show).
 */
export function LiveCard({ live }: { live: LiveSession }) {
  const { stream_sessions: session, stream_keys: streamKey, users: user } = live;
  const onAir = session.status === 'live';
  const preview = usePreviewStart();
  return (
    <Link
      to="/live/$username"
      params={{ username: user.username }}
      className="card live-card"
      data-testid="live-card"
      data-state={onAir ? 'live' : 'starting'}
      {...preview.handlers}
    >
      <div className="live-card-media">
        <Avatar src={user.avatar} name={user.username} size={64} />
        {onAir && streamKey.posterUrl && <LiveStill src={streamKey.posterUrl} />}
        {onAir && preview.start && (
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
