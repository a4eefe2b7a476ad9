import { useState } from 'react';
import { useAllShorts } from '../videos/queries';
import { ShortPlayer } from './short-player';
import { ShortsStatus } from './shorts-status';

/** /reels, foundation slice: the latest shorts one at a time with previous/next (wrapping). */
export function ReelsPage() {
  const { data: shorts, isPending, isError } = useAllShorts();
  const [index, setIndex] = useState(0);

  if (!shorts || shorts.length === 0) {
    return <ShortsStatus isPending={isPending} isError={isError} isEmpty />;
  }
  const count = shorts.length;
  const current = shorts[index % count]!;
  return (
    <div className="page shorts-page">
      <ShortPlayer
        short={current}
        onPrevious={() => setIndex((i) => (i - 1 + count) % count)}
        onNext={() => setIndex((i) => (i + 1) % count)}
      />
    </div>
  );
}
