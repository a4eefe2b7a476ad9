import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CSSProperties, useMemo } from 'react';
import * as z from 'zod/mini';
import { LIMITS } from '../../../schema/constants';
import { ReplayChatLineSchema } from '../../../schema/replay';
import { apiGet } from '../../lib/api';
import { ChatMessageList } from '../chat/chat-message-list';
import '../chat/chat.css';
import { linesBy } from './replay-chat-lines';

/** `GET /api/sessions/replays/{id}/chat`: the broadcast's lines with their time into the video. */
export const replayChatQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['replays', 'chat', id],
    queryFn: ({ signal }) =>
      apiGet(`/api/sessions/replays/${encodeURIComponent(id)}/chat`, z.array(ReplayChatLineSchema), {
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * A replay's chat and tips (issue 24 §4), as Twitch shows a VOD's: the lines said by the video's
 * current time, scrolling as it plays; a seek shows the chat as it stood at that moment.
 */
export function ReplayChat({ replayId, seconds }: { replayId: string; seconds: number }) {
  const { data: lines, isPending, isError } = useQuery(replayChatQueryOptions(replayId));
  const count = lines ? linesBy(lines, seconds) : 0;
  // A new list only when a line comes or goes, not on each of the player's time updates.
  const shown = useMemo(() => lines?.slice(0, count) ?? [], [lines, count]);
  return (
    <aside
      className="chat-panel"
      data-testid="replay-chat"
      style={{ '--chat-panel-width': `${LIMITS.chatPanelWidthPx}px` } as CSSProperties}
      aria-label="Chat replay"
    >
      <header className="chat-header">
        <h2>Chat replay</h2>
      </header>
      {isPending && <p className="chat-note">Loading chat…</p>}
      {isError && <p className="chat-note">The chat of this broadcast could not be loaded.</p>}
      {lines &&
        (lines.length === 0 ? (
          <p className="chat-note">Nobody chatted during this broadcast.</p>
        ) : (
          <ChatMessageList messages={shown} />
        ))}
    </aside>
  );
}
