import { HELD_LABEL } from '../../../schema/comment-moderation';
import { Avatar } from '../../ui/avatar';
import { formatRelativeTime } from '../../ui/format';
import type { ShownEntry } from './use-comments';

type HeldCommentsProps = {
  held: readonly ShownEntry[];
  onApprove: (commentId: string) => void;
  onDelete: (commentId: string) => void;
};

/**
 * The comments held for one of the creator's blocked terms, oldest first, for the creator and their
 * moderators: Approve publishes one (and counts it), Delete removes it (issue 24 §2).
 */
export function HeldComments({ held, onApprove, onDelete }: HeldCommentsProps) {
  if (held.length === 0) return null;
  return (
    <section className="held-comments" aria-label={HELD_LABEL} data-testid="held-comments">
      <h3 className="held-comments-title">
        {HELD_LABEL} ({held.length})
      </h3>
      <ul className="comment-list">
        {held.map(({ comment, user }) => (
          <li key={comment.id} className="comment" data-testid="held-comment">
            <div className="comment-row">
              <Avatar src={user.avatar} name={user.username} size={28} />
              <div className="comment-body">
                <p className="comment-meta">
                  <strong>@{user.username}</strong>{' '}
                  <span className="muted">{formatRelativeTime(comment.createdAt)}</span>
                </p>
                <p className="comment-text">{comment.content}</p>
              </div>
            </div>
            <div className="comment-actions">
              <button type="button" className="comment-action" onClick={() => onApprove(comment.id)}>
                Approve
              </button>
              <button type="button" className="comment-action" onClick={() => onDelete(comment.id)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
