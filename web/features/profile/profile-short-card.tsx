import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { formatCount, truncate } from '../../ui/format';
import { PosterImage } from '../../ui/poster-image';

/** A short in the profile's Shorts row: poster, title, views and the description cut to 20. */
export function ProfileShortCard({ short }: { short: Video }) {
  return (
    <Link
      to="/s/$videoId"
      params={{ videoId: short.id }}
      className="card profile-short-card"
      data-testid="short-card"
    >
      <div className="profile-short-media">
        <PosterImage video={short} sizes="180px" />
      </div>
      <div className="card-body">
        <h3 className="card-title">{short.title}</h3>
        <p className="card-meta">{formatCount(short.views)} views</p>
        {short.description && (
          <p className="card-description">{truncate(short.description, LIMITS.shortDescriptionCut)}</p>
        )}
      </div>
    </Link>
  );
}
