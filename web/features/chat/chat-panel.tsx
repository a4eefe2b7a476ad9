import { type CSSProperties, useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
import { ChatInput } from './chat-input';
import { ChatMessageList } from './chat-message-list';
import { ChatVisitorBar } from './chat-visitor-bar';
import { useChatRoom } from './use-chat-room';
import { useChatToken } from './use-chat-token';
import './chat.css';

/**
 * The collapsible live chat panel (400 px) for one room. Everyone reads; a signed-in user with a
 * profile gets a chat token and may write, a visitor sees 'Connect Wallet to Chat'.
 */
export function ChatPanel({ room }: { room: string }) {
  const registered = !!useSession().info?.user;
  const token = useChatToken(room, registered);
  const chat = useChatRoom(room, token);
  const [open, setOpen] = useState(true);
  const state = chat.connected ? 'open' : 'connecting';

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
          {registered ? (
            <ChatInput canSend={chat.connected && token !== null} onSend={chat.send} />
          ) : (
            <ChatVisitorBar />
          )}
        </>
      )}
    </aside>
  );
}
