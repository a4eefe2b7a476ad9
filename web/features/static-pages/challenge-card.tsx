import type { Challenge } from './challenges-data';

/** The buttons of this demonstration page only note what was pressed (content spec §2.8). */
export const logChallengeAction = (action: 'join' | 'submit', challengeId: string) =>
  console.info(`challenge ${action}: ${challengeId}`);

/** One sample challenge: what to make, the reward, how many take part and how long is left. */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const headingId = `challenge-${challenge.id}`;
  return (
    <article className="challenge-card" aria-labelledby={headingId} data-testid="challenge-card">
      <div className="challenge-card-top">
        <h3 id={headingId}>{challenge.title}</h3>
        <span className="challenge-reward">{challenge.reward} APT</span>
      </div>
      <p className="muted">{challenge.description}</p>
      <ul className="tags">
        {challenge.tags.map((tag) => (
          <li key={tag} className="tag">
            #{tag}
          </li>
        ))}
      </ul>
      <p className="challenge-meta">
        {challenge.participants.toLocaleString('en-US')} participants · {challenge.timing}
      </p>
      {challenge.status === 'active' && (
        <div className="challenge-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => logChallengeAction('join', challenge.id)}
          >
            Join Challenge
          </button>
          <button type="button" className="button" onClick={() => logChallengeAction('submit', challenge.id)}>
            Submit Entry
          </button>
        </div>
      )}
    </article>
  );
}
