import { HELD_LABEL } from '../../../schema/comment-moderation';
import { Avatar } from '../../ui/avatar';
import { formatRelativeTime } from '../../ui/format';
import { ReportButton } from '../reports/report-button';
import { TrashIcon } from '../shorts/rail-icons';
import type { ShownEntry } from './use-comments';

export type EntryProps = {
  entry: ShownEntry;
  viewerId: string | null;
  /** The creator or one of their moderators: Delete on every comment (issue 24 §2). */
  canModerate: boolean;
  onDelete: (commentId: string) => void;
};

/**
 * Author, time, labels (Pinned, Held for review) and text of a comment or reply. Once saved, the
 * viewer's own, and every one for a moderator, carry a delete icon.
 */
export function CommentEntryRow({
  entry: { comment, user, pending },
  viewerId,
  canModerate,
  onDelete,
}: EntryProps) {
  return (
    <div className="comment-row">
      <Avatar src={user.avatar} name={user.username} size={28} />
      <div className="comment-body">
        <p className="comment-meta">
          <strong>@{user.username}</strong>{' '}
          <span className="muted">{formatRelativeTime(comment.createdAt)}</span>
          {comment.pinned && <span className="comment-label">Pinned</span>}
          {comment.held && <span className="comment-label comment-label-held">{HELD_LABEL}</span>}
        </p>
        <p className="comment-text">{comment.content}</p>
      </div>
      {!pending && (viewerId === comment.userId || canModerate) && (
        <button
          type="button"
          className="comment-delete"
          aria-label="Delete comment"
          onClick={() => onDelete(comment.id)}
        >
          <TrashIcon />
        </button>
      )}
    </div>
  );
}

/** Report, on someone else's published comment (a visitor is asked to sign in first). */
export function CommentReport({
  entry: { comment, pending },
  viewerId,
}: Pick<EntryProps, 'entry' | 'viewerId'>) {
  if (pending || comment.held || viewerId === comment.userId) return null;
  return (
    <ReportButton
      target={{ kind: 'comment', targetId: comment.id }}
      noun="comment"
      className="comment-action"
    />
  );
}
