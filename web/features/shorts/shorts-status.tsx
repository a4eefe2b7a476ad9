import { MESSAGES } from '../../../schema/messages';

/** Loading skeleton of the feed: one short-shaped placeholder. */
export function ShortsLoading() {
  return (
    <div className="shorts-feed" aria-busy="true">
      <span className="visually-hidden">Loading...</span>
      <div className="shorts-stage skeleton shorts-skeleton" data-testid="shorts-loading" />
    </div>
  );
}

/** 'An error occurred' with the failure's message. */
export function ShortsError({ message }: { message: string }) {
  return (
    <div className="page-message shorts-state" role="alert" data-testid="shorts-error">
      <h2>{MESSAGES.feed.error}</h2>
      <p className="muted">{message}</p>
    </div>
  );
}

/** 'Video not found' with why: nothing in the database (/reels) or nothing to show (/s/). */
export function ShortsEmpty({ detail }: { detail: string }) {
  return (
    <div className="page-message shorts-state" data-testid="shorts-empty">
      <h2>{MESSAGES.feed.notFound}</h2>
      <p className="muted">{detail}</p>
    </div>
  );
}
