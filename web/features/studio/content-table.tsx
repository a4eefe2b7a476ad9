import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { Video, VideoType } from '../../../schema/content';
import { formatCount, formatDuration, truncate } from '../../ui/format';
import { PosterImage } from '../../ui/poster-image';
import { RowMenu } from './row-menu';

/** How wide a row's thumbnail is drawn (studio.css `.studio-thumb`), for the poster's `sizes`. */
const STUDIO_THUMB_WIDTH: Readonly<Record<VideoType, string>> = { video: '120px', short: '56px' };

type ContentTableProps = { type: VideoType; items: Video[]; onDelete: (video: Video) => void };

/** A link to where the item plays: /v/{id} or /s/{id}. */
function ContentLink({ video, children }: { video: Video; children: ReactNode }) {
  return video.type === 'short' ? (
    <Link to="/s/$videoId" params={{ videoId: video.id }}>
      {children}
    </Link>
  ) : (
    <Link to="/v/$videoId" params={{ videoId: video.id }}>
      {children}
    </Link>
  );
}

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });
const formatDate = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
};

function ContentRow({ video, onDelete }: { video: Video; onDelete: (video: Video) => void }) {
  return (
    <tr data-testid="studio-row" data-video-id={video.id}>
      <td>
        <ContentLink video={video}>
          <span className="studio-thumb" data-type={video.type}>
            {video.thumbnail && <PosterImage video={video} sizes={STUDIO_THUMB_WIDTH[video.type]} />}
            <span className="studio-thumb-duration">{formatDuration(video.duration)}</span>
          </span>
        </ContentLink>
      </td>
      <td className="studio-title-cell">
        <ContentLink video={video}>
          <span className="studio-title">{truncate(video.title, LIMITS.studioTextCut)}</span>
        </ContentLink>
        {video.description && (
          <span className="studio-description muted">
            {truncate(video.description, LIMITS.studioTextCut)}
          </span>
        )}
      </td>
      <td>{video.isPublic ? 'Public' : 'Private'}</td>
      <td>None</td>
      <td>{formatDate(video.createdAt)}</td>
      <td>{formatCount(video.views)}</td>
      <td>{formatCount(video.comments)}</td>
      <td>{formatCount(video.likes)}</td>
      <td>
        <RowMenu video={video} onDelete={onDelete} />
      </td>
    </tr>
  );
}

/** The studio's table of the creator's videos or shorts (content §2.5). */
export function ContentTable({ type, items, onDelete }: ContentTableProps) {
  return (
    <div className="studio-table-wrap">
      <table className="studio-table">
        <thead>
          <tr>
            <th scope="col">{type === 'short' ? 'Short' : 'Video'}</th>
            <th scope="col">Title</th>
            <th scope="col">Visibility</th>
            <th scope="col">Restriction</th>
            <th scope="col">Date</th>
            <th scope="col">Views</th>
            <th scope="col">Comments</th>
            <th scope="col">Likes</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((video) => (
            <ContentRow key={video.id} video={video} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
