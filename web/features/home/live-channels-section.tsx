import { Suspense } from 'react';
import { LIMITS } from '../../../schema/constants';
import type { LiveSession } from '../../../schema/live-session';
import { optionalLazy } from '../../ui/optional-lazy';
import { SkeletonGrid } from '../../ui/skeleton';
import { HomeSection } from './home-section';

// The cards (and, once visible, their hls.js previews) load only when something is live: most
// visits to home have no live session, and home's initial JS budget is tight. Offline (a saved
// list of channels, a chunk never loaded) the section is left out instead of breaking home.
const LiveChannels = optionalLazy(() =>
  import('../live/live-channels').then((module) => module.LiveChannels),
);

/** Live channels on home; hidden when none is live (live §2). */
export function LiveChannelsSection({ sessions }: { sessions: LiveSession[] }) {
  if (sessions.length === 0) return null;
  return (
    <Suspense
      // Same size as the cards, so the page below does not jump when they arrive (a hover or a
      // tap aimed at a short would otherwise land elsewhere).
      fallback={
        <HomeSection id="live-loading" title="Live channels">
          <SkeletonGrid
            count={Math.min(sessions.length, LIMITS.homeLiveCards)}
            variant="live"
            label="Loading live channels"
          />
        </HomeSection>
      }
    >
      <LiveChannels sessions={sessions} />
    </Suspense>
  );
}
