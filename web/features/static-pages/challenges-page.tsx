import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { ChallengeCard, logChallengeAction } from './challenge-card';
import { CHALLENGE_STATS, CHALLENGES, FEATURED_CHALLENGE } from './challenges-data';
import './static-pages.css';

const TABS = [
  { status: 'active', label: 'Active' },
  { status: 'completed', label: 'Completed' },
] as const;

/** /challenges (content spec §2.8): static demonstration content. */
export function ChallengesPage() {
  return (
    <section className="page static-page" aria-labelledby="challenges-title">
      <header>
        <h1 id="challenges-title">Vibe Challenges</h1>
        <p className="muted">Create, compete and earn APT with the community.</p>
      </header>
      <dl className="challenge-stats">
        {CHALLENGE_STATS.map((stat) => (
          <div key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
      <FeaturedChallenge />
      <ChallengeTabs />
    </section>
  );
}

function FeaturedChallenge() {
  return (
    <article className="featured-challenge" aria-labelledby="featured-challenge-title">
      <p className="featured-label">Featured Challenge</p>
      <h2 id="featured-challenge-title">{FEATURED_CHALLENGE.title}</h2>
      <p>{FEATURED_CHALLENGE.description}</p>
      <p className="grand-prize">Grand Prize: {FEATURED_CHALLENGE.grandPrize} APT</p>
      <p className="muted">{FEATURED_CHALLENGE.timing}</p>
      <div className="challenge-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => logChallengeAction('join', FEATURED_CHALLENGE.id)}
        >
          Join Challenge
        </button>
        <button
          type="button"
          className="button"
          onClick={() => logChallengeAction('submit', FEATURED_CHALLENGE.id)}
        >
          Submit Entry
        </button>
      </div>
    </article>
  );
}

/** Active and Completed as ARIA tabs: arrows, Home and End move between them. */
function ChallengeTabs() {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: (selected + 1) % TABS.length,
      ArrowLeft: (selected - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  const status = TABS[selected]?.status ?? 'active';
  return (
    <div className="challenge-tabs">
      <div role="tablist" aria-label="Challenges" className="tab-list">
        {TABS.map((tab, i) => (
          <button
            key={tab.status}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === selected ? 0 : -1}
            className="tab"
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        className="challenge-grid"
      >
        {CHALLENGES.filter((challenge) => challenge.status === status).map((challenge) => (
          <ChallengeCard key={challenge.id} challenge={challenge} />
        ))}
      </div>
    </div>
  );
}
