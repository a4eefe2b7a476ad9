import type { ReactNode } from 'react';

type HomeSectionProps = { id: string; title: string; children: ReactNode };

/** A titled block of the home page; `id` doubles as its test id (`home-<id>`). */
export function HomeSection({ id, title, children }: HomeSectionProps) {
  const headingId = `home-${id}-title`;
  return (
    <section className="home-section" aria-labelledby={headingId} data-testid={`home-${id}`}>
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
