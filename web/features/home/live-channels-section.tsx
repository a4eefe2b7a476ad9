import { lazy, Suspense } from 'react';
import type { LiveSession } from '../../../schema/live';

// The cards (and, once visible, their hls.js previews) load only when something is live: most
// visits to home have no live session, and home's initial JS budget is tight.
const LiveChannels = lazy(() =>
  import('../live/live-channels').then((module) => ({ default: module.LiveChannels })),
);

/** Live channels on home; hidden when none is live (live §2). */
export function LiveChannelsSection({ sessions }: { sessions: LiveSession[] }) {
  if (sessions.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LiveChannels sessions={sessions} />
    </Suspense>
  );
}
