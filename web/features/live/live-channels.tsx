import { LIMITS } from '../../../schema/constants';
import type { LiveSession } from '../../../schema/live-session';
import { HomeSection } from '../home/home-section';
import { useShowMore } from '../home/use-show-more';
import { LiveCard } from './live-card';

/** Home's live channels: the first 3 cards, toggled by 'Show more (n)' / 'Show less'. */
export function LiveChannels({ sessions }: { sessions: LiveSession[] }) {
  const { shown, hidden, expanded, toggle } = useShowMore(sessions, LIMITS.homeLiveCards);
  return (
    <HomeSection id="live" title="Live channels">
      <div className="grid grid-live">
        {shown.map((live) => (
          <LiveCard key={live.stream_sessions.id} live={live} />
        ))}
      </div>
      {hidden > 0 && (
        <button type="button" className="button more-button" onClick={toggle}>
          {expanded ? 'Show less' : `Show more (${hidden})`}
        </button>
      )}
    </HomeSection>
  );
}
