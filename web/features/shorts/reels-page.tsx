import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { shouldLoadNextPage, stepIndex } from './feed-nav';
import { shortsFeedQueryOptions } from './feed-queries';
import { ShortsFeed } from './shorts-feed';
import { ShortsEmpty, ShortsError, ShortsLoading } from './shorts-status';

/** /reels: the latest shorts, 20 at a time, the next page fetched when 3 or fewer remain. */
export function ReelsPage() {
  const feed = useInfiniteQuery(shortsFeedQueryOptions());
  const [index, setIndex] = useState(0);
  const shorts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPageSize = feed.data?.pages.at(-1)?.items.length ?? 0;
  const { fetchNextPage, isFetchingNextPage } = feed;

  useEffect(() => {
    if (isFetchingNextPage || shorts.length === 0) return;
    if (shouldLoadNextPage(index, shorts.length, lastPageSize)) void fetchNextPage();
  }, [index, shorts.length, lastPageSize, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending) return <ShortsLoading />;
  if (feed.isError && shorts.length === 0) return <ShortsError message={feed.error.message} />;
  if (shorts.length === 0) return <ShortsEmpty detail={MESSAGES.feed.emptyDb} />;

  const current = Math.min(index, shorts.length - 1);
  return (
    <ShortsFeed
      shorts={shorts}
      index={current}
      onStep={(step) => setIndex(stepIndex(current, step, shorts.length, false))}
      canPrevious={current > 0}
      canNext={current < shorts.length - 1}
      wrap={false}
    />
  );
}
