import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '../../../schema/messages';
import { useAllShorts } from '../videos/queries';
import { ShortPlayer } from './short-player';
import { ShortsStatus } from './shorts-status';

const route = getRouteApi('/s/$videoId');

/** /s/$videoId, foundation slice: one short; previous/next walk all shorts and wrap. */
export function ShortPage() {
  const { videoId } = route.useParams();
  const navigate = useNavigate();
  const { data: shorts, isPending, isError } = useAllShorts();

  if (!shorts || shorts.length === 0) {
    return <ShortsStatus isPending={isPending} isError={isError} isEmpty />;
  }
  const index = shorts.findIndex((short) => short.id === videoId);
  if (index === -1) return <p className="page-message">{MESSAGES.feed.notFound}</p>;

  const go = (step: number) => {
    const next = shorts[(index + step + shorts.length) % shorts.length]!;
    void navigate({ to: '/s/$videoId', params: { videoId: next.id }, replace: true });
  };
  return (
    <div className="page shorts-page">
      <ShortPlayer short={shorts[index]!} onPrevious={() => go(-1)} onNext={() => go(1)} />
    </div>
  );
}
