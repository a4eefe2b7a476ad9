import { useQuery } from '@tanstack/react-query';
import type { StreamSession } from '../../../schema/live-session';
import { formatCount, formatDuration } from '../../ui/format';
import { ChatPanel } from '../chat/chat-panel';
import { formatCoins } from '../wallet-page/money-format';
import { sessionDashboardQueryOptions } from './queries';
import { StreamHealth } from './stream-health';
import { useElapsedSeconds } from './use-elapsed';

type LiveDashboardProps = { session: StreamSession; room: string };

/**
 * The studio while a session is on (issue 24.3): viewers now and at most, time on air ticking each
 * second, this session's tips with their total, the stream's health, and the stream's chat with
 * the creator's moderation controls. Numbers are re-read every 5 s; none are kept on the device.
 */
export function LiveDashboard({ session, room }: LiveDashboardProps) {
  const dashboard = useQuery(sessionDashboardQueryOptions(session.id));
  const data = dashboard.data;
  const elapsed = useElapsedSeconds(data?.startedAt ?? session.startedAt);
  const viewers = data?.viewerCount ?? session.viewerCount;
  return (
    <div className="ls-dashboard with-chat" data-testid="studio-dashboard">
      <section className="ls-panel ls-stats-panel" aria-label="Stream stats">
        <dl className="ls-stats">
          <div>
            <dt>Viewers</dt>
            <dd data-testid="studio-viewers">{formatCount(viewers)}</dd>
          </div>
          <div>
            <dt>Peak viewers</dt>
            <dd data-testid="studio-peak">{formatCount(data?.peakViewerCount ?? viewers)}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd data-testid="studio-duration">
              {elapsed === null ? 'Not started' : formatDuration(elapsed)}
            </dd>
          </div>
          <div>
            <dt>Tips</dt>
            <dd data-testid="studio-tips-total">{formatCoins(data?.tips.total ?? 0)} $REEL</dd>
          </div>
        </dl>
        {dashboard.isError && (
          <p className="ls-error" role="alert">
            Could not refresh the stream stats.
          </p>
        )}
        <h3>Stream health</h3>
        {data ? <StreamHealth health={data.health} /> : <p className="muted">Loading...</p>}
        <h3>
          Tips this stream <span className="muted">({data?.tips.count ?? 0})</span>
        </h3>
        {data?.tips.recent.length ? (
          <ul className="ls-tips" data-testid="studio-tips">
            {data.tips.recent.map((tip) => (
              <li key={tip.id}>
                <strong>@{tip.tipperUsername}</strong> sent {formatCoins(tip.amount)} $REEL
                {tip.giftName && ` (${tip.giftName})`}
                {tip.message && <span className="muted"> : {tip.message}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No tips yet.</p>
        )}
      </section>
      <ChatPanel room={room} />
    </div>
  );
}
