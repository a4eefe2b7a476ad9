import { PartySocket } from 'partysocket';
import { useEffect, useState } from 'react';
import { StatusServerMessageSchema } from '../../../schema/chat';
import { safeParseJson } from '../../../schema/json';

export type LiveStatus = {
  /** Media is arriving now; null until the room has answered. */
  isLive: boolean | null;
  sessionId: string | null;
};

const UNKNOWN: LiveStatus = { isLive: null, sessionId: null };

/**
 * Listens to a stream's `status` room (keyed by the stream key's public id): the room sends the
 * current state on connect and every change after it, so the page flips LIVE / offline without a
 * reload. Reconnects by itself (partysocket); no id, no socket.
 */
export function useStreamStatus(streamKeyId: string | null | undefined): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(UNKNOWN);

  useEffect(() => {
    setStatus(UNKNOWN);
    if (!streamKeyId) return;
    const socket = new PartySocket({
      host: window.location.host,
      protocol: window.location.protocol === 'https:' ? 'wss' : 'ws',
      party: 'status',
      room: streamKeyId,
      query: { type: 'status', key: streamKeyId },
    });
    socket.onmessage = (event) => {
      const frame = safeParseJson(event.data, StatusServerMessageSchema);
      if (frame) setStatus({ isLive: frame.isLive, sessionId: frame.sessionId });
    };
    return () => {
      socket.onmessage = null;
      socket.close();
    };
  }, [streamKeyId]);

  return status;
}
