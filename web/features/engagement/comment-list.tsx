import { Avatar } from '../../ui/avatar';
import { formatRelativeTime } from '../../ui/format';
import { TrashIcon } from '../shorts/rail-icons';
import type { ShownComment } from './use-comments';
import './comments.css';

type CommentListProps = {
  comments: readonly ShownComment[];
  isPending: boolean;
  viewerId: string | null;
  onDelete: (commentId: string) => void;
};

/** Comments newest first; the viewer's own (once saved) carry a delete icon. */
export function CommentList({ comments, isPending, viewerId, onDelete }: CommentListProps) {
  if (isPending) return <p className="muted">Loading...</p>;
  return (
    <ul className="comment-list" data-testid="comment-list">
      {comments.map(({ comment, user, pending }) => (
        <li key={comment.id} className="comment" data-testid="comment" data-pending={pending || undefined}>
          <Avatar src={user.avatar} name={user.username} size={28} />
          <div className="comment-body">
            <p className="comment-meta">
              <strong>@{user.username}</strong>{' '}
              <span className="muted">{formatRelativeTime(comment.createdAt)}</span>
            </p>
            <p className="comment-text">{comment.content}</p>
          </div>
          {!pending && viewerId === comment.userId && (
            <button
              type="button"
              className="comment-delete"
              aria-label="Delete comment"
              onClick={() => onDelete(comment.id)}
            >
              <TrashIcon />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
