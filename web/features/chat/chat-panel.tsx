import { useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { ChatInput } from './chat-input';
import { ChatMessageList } from './chat-message-list';
import { useChatRoom } from './use-chat-room';
import './chat.css';

/** The collapsible live chat panel (400 px) for one room. */
export function ChatPanel({ room }: { room: string }) {
  const chat = useChatRoom(room);
  const [open, setOpen] = useState(true);
  const state = chat.connected ? 'open' : 'connecting';

  return (
    <aside
      className="chat-panel"
      data-testid="chat-panel"
      data-state={state}
      data-collapsed={!open}
      style={{ width: open ? LIMITS.chatPanelWidthPx : undefined }}
      aria-label="Live chat"
    >
      <header className="chat-header">
        <h2>Live Chat</h2>
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
          {chat.everConnected && <ChatMessageList messages={chat.messages} />}
          <ChatInput canSend={chat.connected} onSend={chat.send} />
        </>
      )}
    </aside>
  );
}
