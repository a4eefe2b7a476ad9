import type { StreamKey } from '../../../schema/live-session';
import { GO_LIVE_MESSAGES } from '../../../schema/messages/go-live';
import { SignInButton } from '../auth/sign-in-button';
import { LivePlayer } from '../player/live-player';
import type { StudioStage } from './studio-status';

type StudioStageViewProps = {
  stage: StudioStage;
  streamKey: StreamKey | null;
  live: boolean | null;
  /** This device is broadcasting: its preview is in the go-live panel, so no player of its own stream. */
  deviceOnAir: boolean;
};

const EMPTY: Record<Exclude<StudioStage, 'player'>, { title: string; body: string }> = {
  'connect-wallet': {
    title: 'Connect Wallet',
    body: 'Connect your wallet to create your stream key and go live.',
  },
  'create-key': {
    title: 'Create Stream Key',
    body: 'Create your stream key on the left to get your ingest address.',
  },
  'no-live-stream': {
    title: 'No Live Stream',
    body: 'Prepare a stream with a title, then start broadcasting from your streaming software.',
  },
  'stream-ready': {
    title: 'Stream Ready',
    body: 'Start broadcasting from your streaming software: the picture appears here when it arrives.',
  },
};

/** The right two thirds: the live picture, or the empty state that says what to do next. */
export function StudioStageView({ stage, streamKey, live, deviceOnAir }: StudioStageViewProps) {
  if (stage === 'player' && deviceOnAir) {
    return (
      <div className="ls-empty" data-testid="studio-empty" data-stage="device">
        <h2>{GO_LIVE_MESSAGES.stageTitle}</h2>
        <p className="muted">{GO_LIVE_MESSAGES.stageBody}</p>
      </div>
    );
  }
  if (stage === 'player' && streamKey) {
    return <LivePlayer src={streamKey.playbackUrl || null} live={live} title={streamKey.name} />;
  }
  if (stage === 'player') return null;
  const empty = EMPTY[stage];
  return (
    <div className="ls-empty" data-testid="studio-empty" data-stage={stage}>
      <h2>{empty.title}</h2>
      <p className="muted">{empty.body}</p>
      {stage === 'connect-wallet' && <SignInButton />}
    </div>
  );
}
