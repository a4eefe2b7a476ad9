import { useMutationState } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isQueuedWork } from '../../data/outbox-store';
import { useDropdown } from '../layout/nav-menu';
import { OutboxList } from './outbox-list';
import './outbox.css';

/** How many actions wait to be sent (paused offline, or trying again after no answer). */
function useWaitingCount(): number {
  return useMutationState({
    filters: {
      status: 'pending',
      predicate: isQueuedWork,
    },
    select: (mutation) => mutation.mutationId,
  }).length;
}

/** The top bar's "waiting to send" badge; opens the list of queued actions. Hidden when none wait. */
export function OutboxButton() {
  const waiting = useWaitingCount();
  const { open, close, rootRef, listId, buttonProps } = useDropdown();
  useEffect(() => {
    if (waiting === 0) close();
  }, [waiting, close]);
  if (waiting === 0) return null;
  return (
    <div className="nav-menu" ref={rootRef}>
      <button
        {...buttonProps}
        className="button outbox-button"
        aria-label={`Waiting to send: ${waiting}`}
        title="Waiting to send"
      >
        {waiting}
      </button>
      {open && <OutboxList id={listId} />}
    </div>
  );
}
