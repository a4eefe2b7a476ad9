import { lazy, Suspense, useState } from 'react';
import type { TipTarget } from '../tips/tip-target';

// The gift picker pulls in the money code: it loads on the first click only.
const TipDialog = lazy(() => import('../tips/tip-dialog').then((module) => ({ default: module.TipDialog })));

/** Tip Now for a signed-in viewer who is not the streamer; opens the gift picker for this session. */
export function LiveTipButton({ target }: { target: TipTarget }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        Tip Now
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <TipDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
