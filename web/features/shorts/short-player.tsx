import { Link } from '@tanstack/react-router';
import type { Video } from '../../../schema/content';
import { Avatar } from '../../ui/avatar';

type ShortPlayerProps = { short: Video; onPrevious: () => void; onNext: () => void };

/** One short, playing muted in a loop, with its title, creator and previous/next buttons. */
export function ShortPlayer({ short, onPrevious, onNext }: ShortPlayerProps) {
  return (
    <article className="short-player" aria-label={short.title}>
      <div className="short-player-frame">
        <video
          key={short.id}
          data-testid="short-player"
          className="short-player-video"
          src={short.videoUrl}
          poster={short.thumbnail}
          autoPlay
          muted
          loop
          playsInline
          controls
        />
      </div>
      <div className="short-player-side">
        <h1 className="short-player-title">{short.title}</h1>
        <Link to="/u/$username" params={{ username: short.creator }} className="short-player-creator">
          <Avatar src={short.creatorAvatar} name={short.creator} size={36} />
          <span>@{short.creator}</span>
        </Link>
        {short.description && <p className="muted">{short.description}</p>}
        <div className="short-player-nav">
          <button type="button" className="button" onClick={onPrevious}>
            Previous
          </button>
          <button type="button" className="button button-primary" onClick={onNext}>
            Next
          </button>
        </div>
      </div>
    </article>
  );
}
