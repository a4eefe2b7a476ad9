import { type FormEvent, useState } from 'react';
import { CommentEntryRow, CommentReport, type EntryProps } from './comment-entry';
import { HeldComments } from './held-comments';
import type { CommentModerationView, ShownComment } from './use-comments';
import './comments.css';

type CommentListProps = {
  comments: readonly ShownComment[];
  isPending: boolean;
  viewerId: string | null;
  onDelete: (commentId: string) => void;
  /** Sends a reply to `parentId`; answers whether it went (false: empty, or signed out). */
  onReply: (text: string, parentId: string) => boolean;
  /** The creator's and moderators' controls; absent, nobody moderates here. */
  moderation?: CommentModerationView;
};

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
  onPin?: (commentId: string, on: boolean) => void;
};

/**
 * A comment with "View n replies" / "Hide replies", Reply (not on one still pending or held),
 * Pin / Unpin for moderators, and Report on someone else's.
 */
function CommentThreadItem({ thread, onReply, onPin, ...row }: ThreadProps) {
  const [open, setOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const count = thread.replies.length;
  const { pending, comment } = thread;
  const settled = !pending && !comment.held;
  const send = (text: string) => {
    const sent = onReply(text, comment.id);
    // The pending reply shows at once where it will stay.
    if (sent) setOpen(true);
    return sent;
  };
  return (
    <li
      className="comment"
      data-testid="comment"
      data-pending={pending || undefined}
      data-pinned={comment.pinned || undefined}
      data-held={comment.held || undefined}
    >
      <CommentEntryRow entry={thread} {...row} />
      <div className="comment-actions">
        {settled && (
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
        {settled && row.canModerate && onPin && (
          <button type="button" className="comment-action" onClick={() => onPin(comment.id, !comment.pinned)}>
            {comment.pinned ? 'Unpin' : 'Pin'}
          </button>
        )}
        <CommentReport entry={thread} viewerId={row.viewerId} />
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
              data-held={reply.comment.held || undefined}
            >
              <CommentEntryRow entry={reply} {...row} />
              <div className="comment-actions">
                <CommentReport entry={reply} viewerId={row.viewerId} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Comments, the pinned one first then newest first, each with its replies folded under "View n
 * replies"; above them, for the creator and moderators, the comments held for review.
 */
export function CommentList({
  comments,
  isPending,
  viewerId,
  onDelete,
  onReply,
  moderation,
}: CommentListProps) {
  if (isPending) return <p className="muted">Loading...</p>;
  const canModerate = moderation?.canModerate ?? false;
  return (
    <>
      {moderation && (
        <HeldComments held={moderation.held} onApprove={moderation.approve} onDelete={onDelete} />
      )}
      <ul className="comment-list" data-testid="comment-list">
        {comments.map((thread) => (
          <CommentThreadItem
            key={thread.comment.id}
            thread={thread}
            viewerId={viewerId}
            canModerate={canModerate}
            onDelete={onDelete}
            onReply={onReply}
            onPin={moderation?.setPinned}
          />
        ))}
      </ul>
    </>
  );
}
