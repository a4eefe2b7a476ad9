import { ChatWireSchema, framesOf } from '../../../schema/chat-wire';
import { safeParseJson } from '../../../schema/json';
import type { ChatMessage, ChatServerMessage } from '../../../schema/live';

/** How many messages the panel keeps in memory (the room itself replays its last 50). */
export const CHAT_MESSAGES_KEPT = 200;

export type ChatState = {
  /** The socket is open right now. */
  connected: boolean;
  /** It has been open at least once: before that the panel shows 'Connecting to chat...'. */
  everConnected: boolean;
  messages: ChatMessage[];
};

export type ChatEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'reset' }
  | { type: 'server'; message: Exclude<ChatServerMessage, { type: 'error' }> };

export const initialChatState: ChatState = { connected: false, everConnected: false, messages: [] };

/**
 * The frames one WebSocket message from the room carries (one, or a tick's `batch`), in order;
 * anything that is not a known message gives none.
 */
export function parseServerFrames(data: unknown): ChatServerMessage[] {
  const wire = safeParseJson(data, ChatWireSchema);
  return wire ? framesOf(wire) : [];
}

const keepLast = (messages: ChatMessage[]) => messages.slice(-CHAT_MESSAGES_KEPT);

/**
 * The chat panel's state machine: `recent_messages` replaces the list, `message_deleted` drops one,
 * the others append.
 */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'open':
      return { ...state, connected: true, everConnected: true };
    case 'close':
      return { ...state, connected: false };
    case 'reset':
      return initialChatState;
    case 'server': {
      const message = event.message;
      if (message.type === 'recent_messages') return { ...state, messages: keepLast(message.messages) };
      if (message.type === 'message_deleted') {
        return { ...state, messages: state.messages.filter(({ id }) => id !== message.messageId) };
      }
      return { ...state, messages: keepLast([...state.messages, message.message]) };
    }
  }
}
