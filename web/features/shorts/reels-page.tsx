import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { useOnline } from '../../lib/use-online';
import { shouldLoadNextPage, stepIndex } from './feed-nav';
import { shortsFeedQueryOptions } from './feed-queries';
import { keptFirst } from './fetch-ahead-policy';
import { ShortsFeed } from './shorts-feed';
import { ShortsEmpty, ShortsError, ShortsLoading } from './shorts-status';
import { useKeptShortIds } from './use-kept-shorts';

/**
 * /reels: the latest shorts, 20 at a time, the next page fetched when 3 or fewer remain. Offline,
 * the shorts kept on the device come first (in feed order) so they play one after another; the
 * current short is held by id, so the order changing under the viewer never moves them.
 */
export function ReelsPage() {
  const feed = useInfiniteQuery(shortsFeedQueryOptions());
  const online = useOnline();
  const kept = useKeptShortIds();
  const [currentId, setCurrentId] = useState<string>();
  const shorts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const lastPageSize = feed.data?.pages.at(-1)?.items.length ?? 0;
  const { fetchNextPage, isFetchingNextPage } = feed;
  const list = online || !kept ? shorts : keptFirst(shorts, kept);
  const current = Math.max(
    0,
    list.findIndex((short) => short.id === currentId),
  );
  const feedIndex = Math.max(
    0,
    shorts.findIndex((short) => short.id === list[current]?.id),
  );

  useEffect(() => {
    if (isFetchingNextPage || shorts.length === 0) return;
    if (shouldLoadNextPage(feedIndex, shorts.length, lastPageSize)) void fetchNextPage();
  }, [feedIndex, shorts.length, lastPageSize, isFetchingNextPage, fetchNextPage]);

  // Offline, the order waits for the device's index, so the first short shown is one that plays.
  if (feed.isPending || (!online && !kept)) return <ShortsLoading />;
  if (feed.isError && shorts.length === 0) return <ShortsError message={feed.error.message} />;
  if (shorts.length === 0) return <ShortsEmpty detail={MESSAGES.feed.emptyDb} />;

  return (
    <ShortsFeed
      shorts={list}
      index={current}
      onStep={(step) => setCurrentId(list[stepIndex(current, step, list.length, false)]?.id)}
      canPrevious={current > 0}
      canNext={current < list.length - 1}
      wrap={false}
      kept={kept}
      online={online}
    />
  );
}
