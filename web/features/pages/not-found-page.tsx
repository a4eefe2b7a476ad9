import { Link } from '@tanstack/react-router';

/** Shown for any path no route matches. */
export function NotFoundPage() {
  return (
    <section className="page not-built" aria-labelledby="page-title">
      <h1 id="page-title">Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <Link to="/" className="button button-primary">
        Go home
      </Link>
    </section>
  );
}
