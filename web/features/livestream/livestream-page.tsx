import { useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { stopSession } from './api';
import { GoLiveSection } from './go-live/go-live-section';
import { KeyManager } from './key-manager';
import { LiveDashboard } from './live-dashboard';
import { PrepareDialog, type SessionText } from './prepare-dialog';
import { StudioStageView } from './studio-stage';
import { canPrepare, canStop, studioBadge, studioStage } from './studio-status';
import { useStudio } from './use-studio';
import { useStudioActions } from './use-studio-actions';
import './livestream.css';

const EMPTY_TEXT: SessionText = { title: '', description: '' };

/**
 * /livestream, the creator studio (live §2): key management on the left third, the stream or the
 * next step on the right two thirds; LIVE flips in from the status room without a reload.
 */
export function LivestreamPage() {
  const studio = useStudio();
  const { facts, streamKey } = studio;
  const actions = useStudioActions(studio.user?.id ?? null, streamKey);
  const [preparing, setPreparing] = useState(false);
  const [text, setText] = useState<SessionText>(EMPTY_TEXT);
  const badge = studioBadge(facts);
  const sessionId = studio.session?.id ?? null;
  const [deviceOnAir, setDeviceOnAir] = useState(false);

  return (
    <div className="page livestream-page">
      <header className="ls-header">
        <h1>{facts.isLive ? 'Live Streaming' : 'Livestream Studio'}</h1>
        <span className="ls-badge" data-tone={studio.backend} data-testid="studio-backend">
          {studio.backend === 'checking'
            ? 'Loading'
            : studio.backend === 'connected'
              ? 'Connected'
              : 'Disconnected'}
        </span>
        <span className="ls-badge" data-tone={badge} data-testid="studio-status">
          {badge}
        </span>
      </header>
      {studio.backend === 'checking' && (
        <p className="ls-banner" role="status">
          Connecting to the streaming backend...
        </p>
      )}
      {studio.backend === 'disconnected' && (
        <p className="ls-banner ls-banner-error" role="alert">
          Cannot reach the streaming backend right now.
        </p>
      )}
      {studio.statusFailed && (
        <p className="ls-banner ls-banner-error" role="alert">
          {MESSAGES.studio.statusFailed}
        </p>
      )}
      {!facts.signedIn && (
        <p className="ls-banner" data-testid="studio-wallet-banner">
          Connect your wallet to manage your stream key and go live.
        </p>
      )}
      <div className="ls-grid">
        {facts.signedIn ? (
          <div className="ls-side">
            <KeyManager streamKey={streamKey} actions={actions} />
            {streamKey?.whipUrl && (
              <GoLiveSection
                whipUrl={streamKey.whipUrl}
                streamKey={streamKey.key}
                sessionId={sessionId}
                onAir={facts.isLive}
                prepare={async (title) => {
                  await actions.prepare.mutateAsync({ title, description: '', quiet: true });
                }}
                stop={async () => {
                  await actions.stop.mutateAsync(sessionId, { onSuccess: () => setText(EMPTY_TEXT) });
                }}
                onAirChange={setDeviceOnAir}
                stopOnLeave={() => {
                  if (sessionId) void stopSession(sessionId, { keepalive: true }).catch(() => undefined);
                }}
              />
            )}
          </div>
        ) : (
          <div className="ls-panel" />
        )}
        <section className="ls-panel ls-stage" aria-label="Stream">
          <div className="ls-stage-actions">
            {canPrepare(facts) && (
              <button type="button" className="button button-primary" onClick={() => setPreparing(true)}>
                Prepare Stream
              </button>
            )}
            {canStop(facts) && (
              <button
                type="button"
                className="button button-danger"
                disabled={actions.stop.isPending}
                onClick={() =>
                  actions.stop.mutate(studio.session?.id ?? null, { onSuccess: () => setText(EMPTY_TEXT) })
                }
              >
                Stop Stream
              </button>
            )}
          </div>
          <StudioStageView
            stage={studioStage(facts)}
            streamKey={streamKey}
            live={facts.isLive}
            deviceOnAir={deviceOnAir}
          />
          {studio.session && streamKey && <LiveDashboard session={studio.session} room={streamKey.id} />}
        </section>
      </div>
      <PrepareDialog
        open={preparing}
        busy={actions.prepare.isPending}
        value={text}
        onChange={setText}
        onCancel={() => setPreparing(false)}
        onSubmit={() => actions.prepare.mutate(text, { onSuccess: () => setPreparing(false) })}
      />
    </div>
  );
}
