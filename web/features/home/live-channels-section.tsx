import { LIMITS } from '../../../schema/constants';
import type { LiveSession } from '../../../schema/live';
import { LiveCard } from '../live/live-card';
import { HomeSection } from './home-section';
import { useShowMore } from './use-show-more';

/** Live channels: the first 3, toggled by 'Show more (n)' / 'Show less'. Hidden when none is live. */
export function LiveChannelsSection({ sessions }: { sessions: LiveSession[] }) {
  const { shown, hidden, expanded, toggle } = useShowMore(sessions, LIMITS.homeLiveCards);
  if (sessions.length === 0) return null;
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
