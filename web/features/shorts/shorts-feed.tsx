import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Video } from '../../../schema/content';
import { BackIcon } from '../../ui/icons';
import { showLoginRequired } from '../auth/require-login';
import { useComments } from '../engagement/use-comments';
import { toggleSound } from '../player/sound-preference';
import { CommentPanel } from './comment-panel';
import { stepIndex } from './feed-nav';
import { FETCH_AHEAD_COUNT, PRELOAD_COUNT, shortsAhead } from './fetch-ahead-policy';
import { ShortRail } from './short-rail';
import { ShortSlide, type ShortSlideHandle } from './short-slide';
import { SoundButton } from './sound-button';
import { dialogOpen, useFeedControls } from './use-feed-controls';
import { useUnmuteOnGesture } from './use-feed-sound';
import { useFetchAhead } from './use-fetch-ahead';
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
  /** The files on this device (undefined until read); offline, the others cannot play. */
  kept: ReadonlySet<string> | undefined;
  online: boolean;
};

/** Top-left over the short on a phone, where the feed has no top bar: back where the viewer came from, or home. */
function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="shorts-back"
      aria-label="Back"
      onClick={() => (canGoBack ? router.history.back() : void navigate({ to: '/' }))}
    >
      <BackIcon />
    </button>
  );
}

/** One short at a time, full height, with its rail, comments and every way to move (content §2.2). */
export function ShortsFeed({
  shorts,
  index,
  onStep,
  canPrevious,
  canNext,
  wrap,
  kept,
  online,
}: ShortsFeedProps) {
  const short = shorts[index] as Video;
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [readyId, setReadyId] = useState<string>();
  const areaRef = useRef<HTMLDivElement>(null);
  const slideRef = useRef<ShortSlideHandle>(null);
  const comments = useComments(short, commentsOpen, showLoginRequired);

  useFeedControls(areaRef, {
    enabled: !commentsOpen,
    onStep,
    onTogglePlay: () => slideRef.current?.togglePlay(),
    onToggleSound: () => toggleSound(),
  });
  useUnmuteOnGesture();

  // Under the comments or a dialog the short plays again instead of moving on (issue 13.2).
  const onEnded = () => {
    if (commentsOpen || dialogOpen()) slideRef.current?.replay();
    else onStep(1);
  };

  useEffect(() => {
    document.title = `${short.title} | ${short.creator} - Reel`;
  }, [short.title, short.creator]);

  const ahead = useMemo(() => shortsAhead(shorts, index, FETCH_AHEAD_COUNT, wrap), [shorts, index, wrap]);
  useFetchAhead(ahead, kept, readyId === short.id);
  // In feed order, so a step keeps every element where it is: the one revealed is the one preloaded.
  const previous = shorts[wrap ? stepIndex(index, -1, shorts.length, true) : index - 1];
  const slides = [previous, short, ...ahead.slice(0, PRELOAD_COUNT)].filter(
    (item, at, all): item is Video => !!item && all.findIndex((other) => other?.id === item.id) === at,
  );
  const available = (item: Video) => online || !kept || kept.has(item.id);

  return (
    <div className="shorts-feed" data-testid="shorts-feed" data-comments={commentsOpen ? 'open' : undefined}>
      <div className="shorts-stage" ref={areaRef} data-index={index}>
        <BackButton />
        {slides.map((item) => (
          <ShortSlide
            key={item.id}
            ref={item.id === short.id ? slideRef : undefined}
            short={item}
            active={item.id === short.id}
            available={available(item)}
            onEnded={onEnded}
            onReady={setReadyId}
          />
        ))}
        <SoundButton />
        <div className="shorts-caption">
          <h1 className="shorts-title">{short.title}</h1>
          <p className="shorts-creator">@{short.creator}</p>
        </div>
        <ShortRail short={short} commentCount={comments.count} onOpenComments={() => setCommentsOpen(true)} />
      </div>
      <nav className="shorts-nav" aria-label="Shorts">
        <button
          type="button"
          className="button"
          onClick={() => onStep(-1)}
          disabled={!canPrevious || commentsOpen}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => onStep(1)}
          disabled={!canNext || commentsOpen}
        >
          Next
        </button>
      </nav>
      {/* Keyed by short: a draft never moves to another short's comments. */}
      {commentsOpen && (
        <CommentPanel
          key={short.id}
          comments={comments.comments}
          count={comments.count}
          isPending={comments.isPending}
          viewerId={comments.viewerId}
          onAdd={comments.addComment}
          onDelete={comments.deleteComment}
          onClose={() => setCommentsOpen(false)}
          moderation={comments.moderation}
        />
      )}
    </div>
  );
}
