import { lazy, Suspense, useState } from 'react';
import { GO_LIVE_MESSAGES as T } from '../../../../schema/messages/go-live';
import type { GoLivePanelProps } from './go-live-panel';

// Everything WebRTC loads with the panel, when the creator asks for it (and never on home).
const GoLivePanel = lazy(() => import('./go-live-panel'));

/**
 * "Go live from this device" beside the encoder instructions: a button first, so opening
 * /livestream does not ask for the camera; the panel (preview, devices, Go live) once pressed.
 */
export function GoLiveSection(props: GoLivePanelProps & { onAir: boolean }) {
  const { onAir, ...panel } = props;
  const [open, setOpen] = useState(false);
  return (
    <section className="ls-panel" aria-labelledby="go-live-title" data-testid="go-live-section">
      <h2 id="go-live-title">{T.title}</h2>
      {open ? (
        <Suspense fallback={<div className="spinner" />}>
          <GoLivePanel {...panel} />
        </Suspense>
      ) : (
        <>
          <p className="muted">{T.intro}</p>
          <button
            type="button"
            className="button button-primary"
            data-testid="go-live-open"
            // An encoder already on air has the key: a second publisher would be refused (409).
            disabled={onAir}
            onClick={() => setOpen(true)}
          >
            {T.open}
          </button>
        </>
      )}
    </section>
  );
}
