import { PartySocket } from 'partysocket';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ChatClientMessageSchema } from '../../../schema/live';
import { showToast } from '../../ui/toast-store';
import { chatReducer, initialChatState, parseServerFrames } from './chat-state';

/** The close code of a socket the room refuses. */
const POLICY_VIOLATION = 1008;

/**
 * Connects to the `chat` room of a stream over partysocket (reconnecting) and keeps its messages.
 * With a chat token (`useChatToken`) the connection may speak; without one it only reads. No socket
 * opens until `ready` (who is signed in and their token are known).
 * `send` returns false when the text is blank, too long, or the socket is not open.
 */
export function useChatRoom(room: string, token: string | null, ready = true) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const socketRef = useRef<PartySocket | null>(null);
  // Read at every (re)connect, so a refreshed token is used without dropping the socket.
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const speaking = token !== null;
  // How the current socket introduced itself: a change of speaking needs a new handshake.
  const spokeRef = useRef(speaking);

  useEffect(() => {
    dispatch({ type: 'reset' });
    if (!ready) return;
    spokeRef.current = tokenRef.current !== null;
    const socket = new PartySocket({
      host: window.location.host,
      protocol: window.location.protocol === 'https:' ? 'wss' : 'ws',
      party: 'chat',
      room,
      query: () => ({ type: 'chat', key: room, ...(tokenRef.current ? { token: tokenRef.current } : {}) }),
    });
    socketRef.current = socket;
    socket.onopen = () => dispatch({ type: 'open' });
    socket.onclose = (event) => {
      dispatch({ type: 'close' });
      // 1008: the room refused this socket (too many from this user or address, party/viewers.ts)
      // and said why in an error frame; trying again would only say it again.
      if (event.code === POLICY_VIOLATION) socket.close();
    };
    socket.onmessage = (event) => {
      for (const message of parseServerFrames(event.data)) {
        if (message.type === 'error') showToast(message.message, 'error');
        else dispatch({ type: 'server', message });
      }
    };
    return () => {
      socketRef.current = null;
      // Detach first: a late close event of this socket must not touch the next room's state.
      socket.onopen = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    };
  }, [room, ready]);

  // Becoming a speaker (token arrived) or a reader (signed out) needs a new handshake.
  useEffect(() => {
    if (spokeRef.current === speaking) return;
    spokeRef.current = speaking;
    socketRef.current?.reconnect();
  }, [speaking]);

  const send = useCallback((text: string): boolean => {
    const socket = socketRef.current;
    const parsed = ChatClientMessageSchema.safeParse({ type: 'chat_message', message: text });
    if (!socket || socket.readyState !== WebSocket.OPEN || !parsed.success) return false;
    socket.send(JSON.stringify(parsed.data));
    return true;
  }, []);

  return { ...state, send };
}
