/** Shown while a page's code or data loads (after the router's pending delay). */
export function PagePending() {
  return (
    <div className="page-pending" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
