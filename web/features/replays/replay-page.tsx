import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { REPLAY_TEXT } from '../../../schema/replay';
import { isApiError } from '../../lib/api';
import { formatDuration } from '../../ui/format';
import { NotAvailableOffline, waitsForNetwork } from '../pages/not-available-offline';
import { PagePending } from '../pages/page-pending';
import { LivePlayer } from '../player/live-player';
import { useReplay } from './queries';
import { ReplayChat } from './replay-chat';
import './replays.css';

const route = getRouteApi('/replay/$replayId');

/** /replay/$replayId: a past broadcast played as VOD with the stream player. */
export function ReplayPage() {
  const { replayId } = route.useParams();
  const replay = useReplay(replayId);
  const [seconds, setSeconds] = useState(0);
  if (waitsForNetwork(replay)) return <NotAvailableOffline />;
  if (replay.isPending) return <PagePending />;
  if (replay.isError) {
    const missing = isApiError(replay.error, 'not_found');
    return (
      <section className="page" role="alert">
        <h1>{missing ? REPLAY_TEXT.notFound : 'Failed to load the broadcast'}</h1>
      </section>
    );
  }
  const { data } = replay;
  return (
    <section className="page replay-page" aria-labelledby="replay-title">
      <div className="replay-main">
        {/* `live` null: no status room for a replay, the player just loads the VOD. */}
        <LivePlayer
          src={data.playbackUrl}
          live={null}
          title={data.title}
          kind="Past broadcast"
          onTime={setSeconds}
        />
        <h1 id="replay-title" data-testid="replay-title">
          {data.title}
        </h1>
        <p className="muted">
          {REPLAY_TEXT.section} · {new Date(data.startedAt).toLocaleString()} ·{' '}
          {formatDuration(Math.round(data.durationSeconds))}
        </p>
      </div>
      <ReplayChat replayId={data.id} seconds={seconds} />
    </section>
  );
}
