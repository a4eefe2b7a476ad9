import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '../../../schema/messages';
import { useOnline } from '../../lib/use-online';
import { stepIndex } from './feed-nav';
import { allShortsQueryOptions } from './feed-queries';
import { ShortsFeed } from './shorts-feed';
import { ShortsEmpty, ShortsError, ShortsLoading } from './shorts-status';
import { useKeptShortIds } from './use-kept-shorts';

const route = getRouteApi('/s/$videoId');

/** /s/$videoId: every short, opened at this one; moving wraps and the URL follows (replace). */
export function ShortPage() {
  const { videoId } = route.useParams();
  const navigate = useNavigate();
  const { data: shorts, isPending, isError, error } = useQuery(allShortsQueryOptions());
  const online = useOnline();
  const kept = useKeptShortIds();

  if (isPending) return <ShortsLoading />;
  if (isError) return <ShortsError message={error.message} />;
  const index = shorts.findIndex((short) => short.id === videoId);
  if (index === -1) return <ShortsEmpty detail={MESSAGES.feed.noVideos} />;

  const step = (delta: 1 | -1) => {
    const next = shorts[stepIndex(index, delta, shorts.length, true)];
    if (next) void navigate({ to: '/s/$videoId', params: { videoId: next.id }, replace: true });
  };
  const many = shorts.length > 1;
  return (
    <ShortsFeed
      shorts={shorts}
      index={index}
      onStep={step}
      canPrevious={many}
      canNext={many}
      wrap
      kept={kept}
      online={online}
    />
  );
}
