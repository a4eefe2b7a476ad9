import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { CARD_POSTER_SIZES } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { Avatar } from '../../ui/avatar';
import { PosterImage } from '../../ui/poster-image';
import { OfflineBadge } from '../offline-media/offline-badge';

/** A short on home: vertical poster that plays muted while hovered, with its creator. */
export function ShortCard({ short, priority = false }: { short: Video; priority?: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);

  const play = () => {
    // play() rejects when the browser blocks it or the pointer left first: nothing to do then.
    videoRef.current?.play().catch(() => undefined);
  };
  const stop = () => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    video.currentTime = 0;
  };

  return (
    <Link
      to="/s/$videoId"
      params={{ videoId: short.id }}
      className="card short-card"
      data-testid="short-card"
      onMouseEnter={play}
      onMouseLeave={stop}
    >
      <video
        ref={videoRef}
        className="short-card-video"
        src={short.videoUrl}
        preload="metadata"
        muted
        loop
        playsInline
        aria-hidden="true"
        tabIndex={-1}
      />
      {/* Over the video (a <video> poster cannot pick a width); it fades while the video plays. */}
      <PosterImage
        className="short-card-poster"
        video={short}
        sizes={CARD_POSTER_SIZES.short}
        priority={priority}
      />
      <OfflineBadge videoId={short.id} />
      <div className="short-card-overlay">
        <p className="short-card-title">{short.title}</p>
        <span className="short-card-creator">
          <Avatar src={short.creatorAvatar} name={short.creator} size={24} />
          <span>@{short.creator}</span>
        </span>
      </div>
    </Link>
  );
}
