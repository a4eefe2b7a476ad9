import { type FormEvent, useState } from 'react';
import { Avatar } from '../../ui/avatar';
import { formatRelativeTime } from '../../ui/format';
import { TrashIcon } from '../shorts/rail-icons';
import type { ShownComment, ShownEntry } from './use-comments';
import './comments.css';

type CommentListProps = {
  comments: readonly ShownComment[];
  isPending: boolean;
  viewerId: string | null;
  onDelete: (commentId: string) => void;
  /** Sends a reply to `parentId`; answers whether it went (false: empty, or signed out). */
  onReply: (text: string, parentId: string) => boolean;
};

type EntryProps = { entry: ShownEntry; viewerId: string | null; onDelete: (commentId: string) => void };

/** Author, time and text of a comment or reply; the viewer's own (once saved) carry a delete icon. */
function CommentEntryRow({ entry: { comment, user, pending }, viewerId, onDelete }: EntryProps) {
  return (
    <div className="comment-row">
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
    </div>
  );
}

/** The small input under a comment; Enter or the button sends, Escape closes it. */
function ReplyForm({ onSend, onClose }: { onSend: (text: string) => boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onSend(text)) onClose();
  };
  return (
    <form className="reply-form" onSubmit={submit}>
      <input
        className="input"
        aria-label="Reply"
        placeholder="Write a reply..."
        // biome-ignore lint/a11y/noAutofocus: the input opens because the user just asked to reply
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Taken here: the Escape that closes the reply box leaves the panel around it open.
          event.preventDefault();
          onClose();
        }}
      />
      <button type="submit" className="button">
        Send
      </button>
    </form>
  );
}

type ThreadProps = Omit<EntryProps, 'entry'> & {
  thread: ShownComment;
  onReply: CommentListProps['onReply'];
};

/** A comment with "View n replies" / "Hide replies" and Reply (not on a comment still pending). */
function CommentThreadItem({ thread, viewerId, onDelete, onReply }: ThreadProps) {
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const count = thread.replies.length;
  const send = (text: string) => {
    const sent = onReply(text, thread.comment.id);
    // The pending reply shows at once where it will stay.
    if (sent) setOpen(true);
    return sent;
  };
  return (
    <li className="comment" data-testid="comment" data-pending={thread.pending || undefined}>
      <CommentEntryRow entry={thread} viewerId={viewerId} onDelete={onDelete} />
      <div className="comment-actions">
        {!thread.pending && (
          <button type="button" className="comment-action" onClick={() => setReplying(!replying)}>
            Reply
          </button>
        )}
        {count > 0 && (
          <button
            type="button"
            className="comment-action"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide replies' : `View ${count} ${count === 1 ? 'reply' : 'replies'}`}
          </button>
        )}
      </div>
      {replying && <ReplyForm onSend={send} onClose={() => setReplying(false)} />}
      {open && count > 0 && (
        <ul className="comment-replies">
          {thread.replies.map((reply) => (
            <li
              key={reply.comment.id}
              className="comment"
              data-testid="reply"
              data-pending={reply.pending || undefined}
            >
              <CommentEntryRow entry={reply} viewerId={viewerId} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Comments newest first, each with its replies folded under "View n replies". */
export function CommentList({ comments, isPending, viewerId, onDelete, onReply }: CommentListProps) {
  if (isPending) return <p className="muted">Loading...</p>;
  return (
    <ul className="comment-list" data-testid="comment-list">
      {comments.map((thread) => (
        <CommentThreadItem
          key={thread.comment.id}
          thread={thread}
          viewerId={viewerId}
          onDelete={onDelete}
          onReply={onReply}
        />
      ))}
    </ul>
  );
}
