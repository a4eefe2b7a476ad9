import type { ReactNode } from 'react';

type NotBuiltPageProps = { title: string; children?: ReactNode };

/** A page whose feature arrives in a later issue: its title and a plain sentence saying so. */
export function NotBuiltPage({ title, children }: NotBuiltPageProps) {
  return (
    <section className="page not-built" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children}
      <p className="muted">This page is not built yet.</p>
    </section>
  );
}
