import { useEffect, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { showLoginRequired } from '../auth/require-login';
import { useComments } from '../engagement/use-comments';
import { CommentPanel } from './comment-panel';
import { stepIndex } from './feed-nav';
import { ShortRail } from './short-rail';
import { ShortPreloads, ShortSlide, type ShortSlideHandle } from './short-slide';
import { useFeedControls } from './use-feed-controls';
import './shorts.css';

type ShortsFeedProps = {
  shorts: readonly Video[];
  index: number;
  /** Moves by one; the page decides whether that wraps, pages or stops. */
  onStep: (step: 1 | -1) => void;
  canPrevious: boolean;
  canNext: boolean;
  /** Whether the neighbours wrap around the ends (/s/). */
  wrap: boolean;
};

/** One short at a time, full height, with its rail, comments and every way to move (content §2.2). */
export function ShortsFeed({ shorts, index, onStep, canPrevious, canNext, wrap }: ShortsFeedProps) {
  const short = shorts[index] as Video;
  const [commentsOpen, setCommentsOpen] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const slideRef = useRef<ShortSlideHandle>(null);
  const comments = useComments(short, commentsOpen, showLoginRequired);

  useFeedControls(areaRef, {
    enabled: !commentsOpen,
    onStep,
    onTogglePlay: () => slideRef.current?.togglePlay(),
  });

  useEffect(() => {
    document.title = `${short.title} | ${short.creator} - Reel`;
  }, [short.title, short.creator]);

  const neighbours = [1, -1]
    .map((step) => shorts[wrap ? stepIndex(index, step, shorts.length, true) : index + step])
    .filter((item): item is Video => !!item && item.id !== short.id);

  return (
    <div className="shorts-feed" data-testid="shorts-feed">
      <div className="shorts-stage" ref={areaRef} data-index={index}>
        <ShortSlide key={short.id} ref={slideRef} short={short} onEnded={() => onStep(1)} />
        <div className="shorts-caption">
          <h1 className="shorts-title">{short.title}</h1>
          <p className="shorts-creator">@{short.creator}</p>
        </div>
        <ShortRail short={short} commentCount={comments.count} onOpenComments={() => setCommentsOpen(true)} />
      </div>
      <nav className="shorts-nav" aria-label="Shorts">
        <button type="button" className="button" onClick={() => onStep(-1)} disabled={!canPrevious}>
          Previous
        </button>
        <button type="button" className="button button-primary" onClick={() => onStep(1)} disabled={!canNext}>
          Next
        </button>
      </nav>
      {commentsOpen && (
        <CommentPanel
          comments={comments.comments}
          count={comments.count}
          isPending={comments.isPending}
          viewerId={comments.viewerId}
          onAdd={comments.addComment}
          onDelete={comments.deleteComment}
          onClose={() => setCommentsOpen(false)}
        />
      )}
      <ShortPreloads shorts={neighbours} />
    </div>
  );
}
