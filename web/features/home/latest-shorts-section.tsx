import { useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { ShortCard } from '../shorts/short-card';
import { HomeSection } from './home-section';

/** Latest Shorts: 6, then 'View more shorts (n)' reveals the rest. */
export function LatestShortsSection({ shorts }: { shorts: Video[] }) {
  const [showAll, setShowAll] = useState(false);
  if (shorts.length === 0) return null;
  const hidden = shorts.length - LIMITS.homeShorts;
  const shown = showAll ? shorts : shorts.slice(0, LIMITS.homeShorts);
  return (
    <HomeSection id="shorts" title="Latest Shorts">
      <div className="grid grid-short">
        {shown.map((short) => (
          <ShortCard key={short.id} short={short} />
        ))}
      </div>
      {!showAll && hidden > 0 && (
        <button type="button" className="button more-button" onClick={() => setShowAll(true)}>
          View more shorts ({hidden})
        </button>
      )}
    </HomeSection>
  );
}
