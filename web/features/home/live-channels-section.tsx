import { useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { LiveSession } from '../../../schema/live';
import { LiveCard } from '../live/live-card';
import { HomeSection } from './home-section';

/** Live channels: the first 3, toggled by 'Show more (n)' / 'Show less'. Hidden when none is live. */
export function LiveChannelsSection({ sessions }: { sessions: LiveSession[] }) {
  const [expanded, setExpanded] = useState(false);
  if (sessions.length === 0) return null;
  const hidden = sessions.length - LIMITS.homeLiveCards;
  const shown = expanded ? sessions : sessions.slice(0, LIMITS.homeLiveCards);
  return (
    <HomeSection id="live" title="Live channels">
      <div className="grid grid-live">
        {shown.map((live) => (
          <LiveCard key={live.stream_sessions.id} live={live} />
        ))}
      </div>
      {hidden > 0 && (
        <button type="button" className="button more-button" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : `Show more (${hidden})`}
        </button>
      )}
    </HomeSection>
  );
}
