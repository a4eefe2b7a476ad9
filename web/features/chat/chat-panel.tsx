import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { ChatInput } from './chat-input';
import { ChatMessageList, SYSTEM_USER_ID } from './chat-message-list';
import { ChatVisitorBar } from './chat-visitor-bar';
import { MessageActions } from './moderation/message-actions';
import { useChatModeration, useModerate } from './moderation/queries';
import { useChatRoom } from './use-chat-room';
import { useChatToken } from './use-chat-token';
import './chat.css';

// Only the creator and moderators open it: viewers never load it.
const ModerationSheet = lazy(() =>
  import('./moderation/moderation-sheet').then((module) => ({ default: module.ModerationSheet })),
);

/**
 * The collapsible live chat panel (400 px) for one room. Everyone reads; a signed-in user with a
 * profile gets a chat token and may write, a visitor sees 'Connect Wallet to Chat'.
 */
export function ChatPanel({ room }: { room: string }) {
  const session = useSession();
  const me = session.info?.user;
  const registered = !!me;
  const { token, pending } = useChatToken(room, registered);
  // A speaker's socket waits for its token: opening as a reader first and reconnecting when the
  // token lands took two handshakes, and the streamer saw 'Connecting to chat...' for over 2.5 s.
  const chat = useChatRoom(room, token, !session.loading && !pending);
  const moderation = useChatModeration(room, registered);
  const moderate = useModerate(room);
  const [open, setOpen] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [actionsOpenFor, setActionsOpenFor] = useState<string | null>(null);
  const state = chat.connected ? 'open' : 'connecting';
  const canModerate = moderation !== null && moderation.role !== 'viewer';

  return (
    <aside
      className="chat-panel"
      data-testid="chat-panel"
      data-state={state}
      data-collapsed={!open}
      style={{ '--chat-panel-width': `${LIMITS.chatPanelWidthPx}px` } as CSSProperties}
      aria-label="Live chat"
    >
      <header className="chat-header">
        <h2>Live Chat</h2>
        {canModerate && (
          <button type="button" className="button" onClick={() => setSheetOpen(true)}>
            Moderation
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide chat' : 'Show chat'}
        </button>
      </header>
      {open && (
        <>
          {!chat.connected && (
            <p className="chat-note" role="status" data-testid="chat-status">
              {MESSAGES.chat.connecting}
            </p>
          )}
          {chat.everConnected && (
            <ChatMessageList
              messages={chat.messages}
              onHold={registered ? (message) => setActionsOpenFor(message.id) : undefined}
              actionsFor={(message) => {
                const mine = message.userId === me?.id;
                const system = message.userId === SYSTEM_USER_ID;
                if (!canModerate && (mine || system || !registered)) return null;
                return (
                  <MessageActions
                    message={message}
                    open={actionsOpenFor === message.id}
                    onToggle={(next) => setActionsOpenFor(next ? message.id : null)}
                    reportIn={mine || system || canModerate ? null : room}
                    moderation={
                      canModerate
                        ? {
                            canSanction: !mine && !system,
                            onDelete: () => moderate.mutate({ kind: 'delete', messageId: message.id }),
                            onSanction: (minutes) =>
                              moderate.mutate({ kind: 'sanction', username: message.username, minutes }),
                          }
                        : null
                    }
                  />
                );
              }}
            />
          )}
          {registered ? (
            <ChatInput canSend={chat.connected && token !== null} onSend={chat.send} />
          ) : (
            <ChatVisitorBar />
          )}
        </>
      )}
      {canModerate && sheetOpen && (
        <Suspense fallback={null}>
          <ModerationSheet room={room} moderation={moderation} open onClose={() => setSheetOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
