import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { CommentList } from '../engagement/comment-list';
import type { CommentModerationView, ShownComment } from '../engagement/use-comments';
import { dialogOpen, isTyping } from './use-feed-controls';

/**
 * Escape closes the panel, wherever the focus is, unless something else took that Escape: a reply
 * box (it closes itself), a dialog over the page, or a text field outside the panel (the search bar).
 */
function useCloseOnEscape(panelRef: RefObject<HTMLElement | null>, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || dialogOpen()) return;
      const inPanel = event.target instanceof Node && panelRef.current?.contains(event.target);
      if (isTyping(event.target) && !inPanel) return;
      event.preventDefault();
      close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [panelRef]);
}

type CommentPanelProps = {
  comments: readonly ShownComment[];
  count: number;
  isPending: boolean;
  viewerId: string | null;
  /** Sends a comment, or a reply when `parentId` is given; answers whether it went. */
  onAdd: (text: string, parentId?: string | null) => boolean;
  onDelete: (commentId: string) => void;
  onClose: () => void;
  moderation: CommentModerationView;
};

/**
 * The comments of the current short: beside it on desktop, a sheet over its lower part on phones.
 * Asks 'Add a comment:' for an empty submit. Escape closes it (useCloseOnEscape).
 */
export function CommentPanel({
  comments,
  count,
  isPending,
  viewerId,
  onAdd,
  onDelete,
  onClose,
  moderation,
}: CommentPanelProps) {
  const [text, setText] = useState('');
  const panelRef = useRef<HTMLElement>(null);
  useCloseOnEscape(panelRef, onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim() ? text : (window.prompt(MESSAGES.engagement.addComment) ?? '');
    if (onAdd(content)) setText('');
  };
  return (
    <aside ref={panelRef} className="comment-panel" aria-label="Comments" data-testid="comment-panel">
      <header className="comment-panel-header">
        <h2>Comments ({count})</h2>
        <button type="button" className="button" onClick={onClose} aria-label="Close comments">
          ✕
        </button>
      </header>
      <CommentList
        comments={comments}
        isPending={isPending}
        viewerId={viewerId}
        onDelete={onDelete}
        onReply={onAdd}
        moderation={moderation}
      />
      <form className="comment-form" onSubmit={submit}>
        <input
          className="input"
          aria-label="Comment"
          placeholder="Write a comment..."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          Post
        </button>
      </form>
    </aside>
  );
}
