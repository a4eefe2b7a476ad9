import type { ErrorComponentProps } from '@tanstack/react-router';

/** Shown when a page fails to render or its code fails to load (e.g. offline, never visited). */
export function RouteError({ error }: ErrorComponentProps) {
  return (
    <section className="page not-built" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Retry
      </button>
    </section>
  );
}
