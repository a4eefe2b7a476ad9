import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { REPLAY_TEXT, type Replay } from '../../../schema/replay';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { formatDuration } from '../../ui/format';
import { showToast } from '../../ui/toast-store';
import { useDeleteReplay, useUserReplays } from './queries';
import './replays.css';

// Made at the first replay shown, not as the profile's chunk runs: a page's first Intl object
// loads the browser's locale data (ui/format.ts), and most profiles have no past broadcasts.
let dateFormat: Intl.DateTimeFormat | undefined;
function formatStarted(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(new Date(iso));
}

/** One past broadcast: title, date and duration, opening its replay page. */
function ReplayCard({ replay, onDelete }: { replay: Replay; onDelete?: (replay: Replay) => void }) {
  return (
    <li className="replay-card" data-testid="replay-card">
      <Link to="/replay/$replayId" params={{ replayId: replay.id }} className="replay-card-link">
        <span className="replay-card-title">{replay.title}</span>
        <span className="muted">
          <time dateTime={replay.startedAt}>{formatStarted(replay.startedAt)}</time>
          {' · '}
          <span data-testid="replay-duration">{formatDuration(Math.round(replay.durationSeconds))}</span>
          {replay.isPrivate && ' · Private'}
        </span>
      </Link>
      {onDelete && (
        <button type="button" className="button button-danger" onClick={() => onDelete(replay)}>
          Delete
        </button>
      )}
    </li>
  );
}

/**
 * "Past broadcasts" (issue 13.7): a creator's replays on their profile, and with Delete (after a
 * confirm) for the owner in the studio.
 */
export function PastBroadcasts({ userId, manage = false }: { userId: string; manage?: boolean }) {
  const { data, isPending, isError } = useUserReplays(userId);
  const remove = useDeleteReplay();
  const [toDelete, setToDelete] = useState<Replay | null>(null);
  const titleId = `past-broadcasts-${manage ? 'studio' : 'profile'}`;

  const confirm = (replay: Replay) =>
    remove.mutate(replay.id, {
      onSuccess: () => setToDelete(null),
      onError: () => {
        setToDelete(null);
        showToast('Failed to delete the broadcast', 'error');
      },
    });

  return (
    <section
      className="profile-section past-broadcasts"
      aria-labelledby={titleId}
      data-testid="past-broadcasts"
    >
      <h2 id={titleId} className="section-title">
        {REPLAY_TEXT.section}
      </h2>
      {isPending && <p className="muted">Loading past broadcasts</p>}
      {isError && <p className="muted">Failed to load past broadcasts</p>}
      {data?.length === 0 && <p className="muted">{REPLAY_TEXT.empty}</p>}
      {data && data.length > 0 && (
        <ul className="replay-list">
          {data.map((replay) => (
            <ReplayCard key={replay.id} replay={replay} onDelete={manage ? setToDelete : undefined} />
          ))}
        </ul>
      )}
      {manage && (
        <ConfirmDialog
          open={toDelete !== null}
          title={REPLAY_TEXT.deleteTitle}
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
          danger
          busy={remove.isPending || !toDelete}
          onCancel={() => setToDelete(null)}
          onConfirm={() => toDelete && confirm(toDelete)}
        >
          <p>
            &ldquo;{toDelete?.title}&rdquo;: {REPLAY_TEXT.deleteBody}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
