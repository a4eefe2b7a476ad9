import { useEffect, useRef } from 'react';
import { TIMEOUT_MINUTES } from '../../../../schema/chat-moderation';
import type { ChatMessage } from '../../../../schema/live';

type MessageActionsProps = {
  message: ChatMessage;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** False for the moderator's own messages and the room's system lines: only Delete applies. */
  canSanction: boolean;
  onDelete: () => void;
  onSanction: (minutes?: number) => void;
};

/**
 * A message's moderation for the creator and moderators (issue 24 §1): a button that shows on hover
 * or focus (always on touch screens, and a long-press on the message opens it too) and a row of
 * Delete, Timeout 1 / 10 / 60 min and Ban. Escape closes it and gives the focus back.
 */
export function MessageActions({
  message,
  open,
  onToggle,
  canSanction,
  onDelete,
  onSanction,
}: MessageActionsProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onToggle(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onToggle]);

  const act = (run: () => void) => () => {
    onToggle(false);
    run();
  };
  return (
    <div className="chat-mod">
      <button
        ref={toggleRef}
        type="button"
        className="chat-mod-toggle"
        aria-label={`Moderate ${message.username}'s message`}
        aria-expanded={open}
        onClick={() => onToggle(!open)}
      >
        ⋯
      </button>
      {open && (
        <fieldset className="chat-mod-menu">
          <legend className="visually-hidden">Moderate {message.username}</legend>
          <button type="button" className="button" onClick={act(onDelete)}>
            Delete
          </button>
          {canSanction &&
            TIMEOUT_MINUTES.map((minutes) => (
              <button key={minutes} type="button" className="button" onClick={act(() => onSanction(minutes))}>
                Timeout {minutes} min
              </button>
            ))}
          {canSanction && (
            <button type="button" className="button button-danger" onClick={act(() => onSanction())}>
              Ban
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
