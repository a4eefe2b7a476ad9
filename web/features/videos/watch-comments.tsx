import { type KeyboardEvent, useState } from 'react';
import type { Video } from '../../../schema/content';
import { formatCount } from '../../ui/format';
import { showLoginRequired } from '../auth/require-login';
import { CommentList } from '../engagement/comment-list';
import { useComments } from '../engagement/use-comments';

/** Comment count, an input (Enter submits) and the list with its replies, with delete on the viewer's own comments. */
export function WatchComments({ video }: { video: Video }) {
  const comments = useComments(video, true, showLoginRequired);
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (comments.addComment(text)) setText('');
  };
  return (
    <section className="watch-comments" aria-label="Comments">
      <h2 data-testid="comment-count">{formatCount(comments.count)} Comments</h2>
      <input
        className="input watch-comment-input"
        aria-label="Comment"
        placeholder="Write a comment..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <CommentList
        comments={comments.comments}
        isPending={comments.isPending}
        viewerId={comments.viewerId}
        onDelete={comments.deleteComment}
        onReply={comments.addComment}
        moderation={comments.moderation}
      />
    </section>
  );
}
