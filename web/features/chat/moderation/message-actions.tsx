import { useEffect, useRef } from 'react';
import { TIMEOUT_MINUTES } from '../../../../schema/chat-moderation';
import type { ChatMessage } from '../../../../schema/live';
import { ReportButton } from '../../reports/report-button';

/** What the creator and moderators may do to a message. */
export type MessageModeration = {
  /** False for the moderator's own messages and the room's system lines: only Delete applies. */
  canSanction: boolean;
  onDelete: () => void;
  onSanction: (minutes?: number) => void;
};

type MessageActionsProps = {
  message: ChatMessage;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The moderator's controls; null for a viewer. */
  moderation: MessageModeration | null;
  /** The room, when the message may be reported (someone else's, not a tip's line). */
  reportIn: string | null;
};

/**
 * A message's actions (issue 24 §1): a button that shows on hover or focus (always on touch
 * screens, and a long-press on the message opens it too) and a row of Delete, Timeout 1 / 10 / 60
 * min and Ban for the creator and moderators, Report for viewers. Escape closes it and gives the
 * focus back.
 */
export function MessageActions({ message, open, onToggle, moderation, reportIn }: MessageActionsProps) {
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
        aria-label={`Actions for ${message.username}'s message`}
        aria-expanded={open}
        onClick={() => onToggle(!open)}
      >
        ⋯
      </button>
      {open && (
        <fieldset className="chat-mod-menu">
          <legend className="visually-hidden">Actions for {message.username}'s message</legend>
          {moderation && (
            <button type="button" className="button" onClick={act(moderation.onDelete)}>
              Delete
            </button>
          )}
          {moderation?.canSanction &&
            TIMEOUT_MINUTES.map((minutes) => (
              <button
                key={minutes}
                type="button"
                className="button"
                onClick={act(() => moderation.onSanction(minutes))}
              >
                Timeout {minutes} min
              </button>
            ))}
          {moderation?.canSanction && (
            <button
              type="button"
              className="button button-danger"
              onClick={act(() => moderation.onSanction())}
            >
              Ban
            </button>
          )}
          {reportIn && (
            <ReportButton
              target={{ kind: 'chat_message', targetId: message.id, room: reportIn }}
              noun="message"
              onDone={() => onToggle(false)}
            />
          )}
        </fieldset>
      )}
    </div>
  );
}
