import { GO_LIVE_MESSAGES } from '../../../../schema/messages/go-live';
import type { Broadcast } from './use-broadcast';

/** The broadcast's state, what it sends (kbit/s from getStats) and how the connection holds up. */
export function BroadcastMeter({ broadcast }: { broadcast: Broadcast }) {
  const { state, kbps, connection } = broadcast;
  return (
    <p className="go-live-meter" role="status">
      <span
        className="go-live-dot"
        data-quality={connection ?? 'off'}
        data-testid="go-live-connection"
        aria-hidden="true"
      />
      <span data-testid="go-live-state" data-state={state}>
        {GO_LIVE_MESSAGES.states[state]}
      </span>
      {(state === 'live' || state === 'reconnecting') && kbps !== null && (
        <span className="muted" data-testid="go-live-bitrate">
          {kbps} kbps
        </span>
      )}
    </p>
  );
}
