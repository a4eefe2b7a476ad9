import type { Video, VideoType } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { PagePending } from '../pages/page-pending';
import { ContentTable } from './content-table';
import { useOwnContent } from './queries';

type ContentTabPanelProps = {
  type: VideoType;
  userId: string;
  id: string;
  labelledBy: string;
  onDelete: (video: Video) => void;
};

const EMPTY: Record<VideoType, string> = {
  video: 'No videos uploaded yet.',
  short: 'No shorts uploaded yet.',
};

/** One tab's list: loading, failed (with a retry), empty, or the table. */
export function ContentTabPanel({ type, userId, id, labelledBy, onDelete }: ContentTabPanelProps) {
  const content = useOwnContent(type, userId);
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy} className="studio-panel">
      {content.isPending ? (
        <PagePending />
      ) : content.isError ? (
        <div className="page-message" role="alert">
          <p>{MESSAGES.feed.loadFailed}</p>
          <button type="button" className="button" onClick={() => void content.refetch()}>
            Retry
          </button>
        </div>
      ) : content.data.length === 0 ? (
        <p className="page-message" data-testid="studio-empty">
          {EMPTY[type]}
        </p>
      ) : (
        <ContentTable type={type} items={content.data} onDelete={onDelete} />
      )}
    </div>
  );
}
