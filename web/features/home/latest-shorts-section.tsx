import { LIMITS } from '../../../schema/constants';
import type { Video } from '../../../schema/content';
import { usePlayableFirst } from '../offline-media/offline-ids';
import { ShortCard } from '../shorts/short-card';
import { HomeSection } from './home-section';
import { useShowMore } from './use-show-more';

/** Latest Shorts: 6, then 'View more shorts (n)' reveals the rest; offline, the ones that play first. */
export function LatestShortsSection({ shorts }: { shorts: Video[] }) {
  const { shown, hidden, expanded, toggle } = useShowMore(usePlayableFirst(shorts), LIMITS.homeShorts);
  if (shorts.length === 0) return null;
  return (
    <HomeSection id="shorts" title="Latest Shorts">
      <div className="grid grid-short">
        {shown.map((short, i) => (
          <ShortCard key={short.id} short={short} priority={i === 0} />
        ))}
      </div>
      {!expanded && hidden > 0 && (
        <button type="button" className="button more-button" onClick={toggle}>
          View more shorts ({hidden})
        </button>
      )}
    </HomeSection>
  );
}
