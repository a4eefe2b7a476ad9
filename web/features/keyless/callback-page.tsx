import { useKeylessCallback } from './use-keyless-callback';

/** /callback: the return point of the keyless sign-in, with its status line (accounts §2). */
export function CallbackPage() {
  const { status, outcome, startDevSignIn } = useKeylessCallback();
  return (
    <section className="page callback-page" aria-labelledby="page-title">
      <h1 id="page-title">Signing in</h1>
      <p role="status" aria-live="polite" data-testid="callback-status" data-outcome={outcome}>
        {status}
      </p>
      {outcome === 'no-token' && (
        <button type="button" className="button" onClick={startDevSignIn}>
          Dev sign-in (keyless)
        </button>
      )}
    </section>
  );
}
