import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isQueuedWork } from '../../data/outbox-store';
import { useOnline } from '../../lib/use-online';
import { findCachedVideo } from '../engagement/cache';
import { cancelQueued } from './cancel';
import { describeQueued, type OutboxLookup, waitingStatus } from './describe';

type Queued = { id: number; label: string; paused: boolean };

/**
 * The queued actions, oldest first: paused offline, or trying again after a call that got no
 * answer. Each says which, and has Cancel (cancel.ts): it is never sent again.
 */
export function OutboxList({ id }: { id: string }) {
  const client = useQueryClient();
  const online = useOnline();
  const listRef = useRef<HTMLUListElement>(null);
  const lookup: OutboxLookup = {
    videoTitle: (videoId) => findCachedVideo(client, (video) => video.id === videoId)?.title,
    username: (userId) => findCachedVideo(client, (video) => video.userId === userId)?.creator,
  };
  const queued = useMutationState({
    filters: {
      status: 'pending',
      predicate: isQueuedWork,
    },
    select: (mutation): Queued => ({
      id: mutation.mutationId,
      label: describeQueued(mutation.options.mutationKey, mutation.state.variables, lookup),
      paused: mutation.state.isPaused,
    }),
  });

  const cancel = (mutationId: number) => {
    const cache = client.getMutationCache();
    const mutation = cache.getAll().find((candidate) => candidate.mutationId === mutationId);
    if (mutation) cancelQueued(cache, mutation);
    // Keep the keyboard in the list: focus moves to the next Cancel left, if any.
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-mutation]');
    const next = [...(buttons ?? [])].find((button) => button.dataset.mutation !== String(mutationId));
    next?.focus();
  };

  return (
    <div id={id} className="nav-menu-list outbox-panel">
      <p className="outbox-title" id={`${id}-title`}>
        Waiting to send
      </p>
      <ul ref={listRef} className="outbox-list" aria-labelledby={`${id}-title`}>
        {queued.map((item) => (
          <li key={item.id} className="outbox-item">
            <span className="outbox-text">
              <span className="outbox-label">{item.label}</span>
              <span className="outbox-status">{waitingStatus(item.paused, online)}</span>
            </span>
            <button
              type="button"
              className="button"
              data-mutation={item.id}
              aria-label={`Cancel: ${item.label}`}
              onClick={() => cancel(item.id)}
            >
              Cancel
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
