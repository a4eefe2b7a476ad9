import { type ReactNode, useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../schema/live';
import { MESSAGES } from '../../../schema/messages';
import { Avatar } from '../../ui/avatar';

/** Tip notifications come from the room as messages of this user (live spec §2). */
export const SYSTEM_USER_ID = 'system';

type ChatMessageListProps = {
  messages: ChatMessage[];
  /** The creator's and moderators' controls beside a message (`MessageActions`); none for viewers. */
  actionsFor?: (message: ChatMessage) => ReactNode;
  /** A long-press (or right-click) on a message: opens its controls where there are some. */
  onHold?: (message: ChatMessage) => void;
};

/** The chat messages, newest at the bottom; text is rendered as text, never as HTML. */
export function ChatMessageList({ messages, actionsFor, onHold }: ChatMessageListProps) {
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list && messages.length > 0) list.scrollTop = list.scrollHeight;
  }, [messages]);

  if (messages.length === 0) {
    return (
      <p className="chat-note" data-testid="chat-empty">
        {MESSAGES.chat.empty}
      </p>
    );
  }
  return (
    <ol className="chat-messages" ref={listRef} data-testid="chat-messages" aria-label="Chat messages">
      {messages.map((message) => (
        <li
          key={message.id}
          className={message.userId === SYSTEM_USER_ID ? 'chat-message chat-system' : 'chat-message'}
          data-testid="chat-message"
          onContextMenu={
            onHold
              ? (event) => {
                  event.preventDefault();
                  onHold(message);
                }
              : undefined
          }
        >
          <Avatar src={message.avatar} name={message.username} size={24} />
          <div className="chat-message-body">
            <span className="chat-username">{message.username}</span>
            <span className="chat-text">{message.message}</span>
          </div>
          {actionsFor?.(message)}
        </li>
      ))}
    </ol>
  );
}
