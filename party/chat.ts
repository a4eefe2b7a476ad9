import { type Connection, type ConnectionContext, Server, type WSMessage } from 'partyserver';
import type { ChatMessage, ChatServerMessage } from '../schema/live';
import {
  appendRecent,
  buildChatMessage,
  type ChatIdentity,
  identityFromUrl,
  parseClientMessage,
} from './chat-logic';

const RECENT_KEY = 'recent';
const send = (connection: Connection, message: ChatServerMessage) => connection.send(JSON.stringify(message));

/**
 * One chat room per stream (DESIGN.md §8): remembers the last 50 messages in room storage, sends
 * them on connect, and relays each accepted message to everyone in the room.
 */
export class Chat extends Server<Env> {
  static override options = { hibernate: true };
  private recent: ChatMessage[] = [];

  override async onStart() {
    this.recent = (await this.ctx.storage.get<ChatMessage[]>(RECENT_KEY)) ?? [];
  }

  override onConnect(connection: Connection<ChatIdentity>, ctx: ConnectionContext) {
    connection.setState(identityFromUrl(new URL(ctx.request.url)));
    send(connection, { type: 'recent_messages', messages: this.recent });
  }

  override async onMessage(connection: Connection<ChatIdentity>, raw: WSMessage) {
    const text = parseClientMessage(raw);
    const identity = connection.state;
    if (text === null || !identity) {
      send(connection, { type: 'error', message: 'Message not accepted' });
      return;
    }
    const message = buildChatMessage(identity, text, {
      id: crypto.randomUUID(),
      streamKey: this.name,
      now: new Date(),
    });
    this.recent = appendRecent(this.recent, message);
    await this.ctx.storage.put(RECENT_KEY, this.recent);
    this.broadcast(JSON.stringify({ type: 'chat_message', message } satisfies ChatServerMessage));
  }
}
