import {
  type Connection,
  type ConnectionContext,
  getServerByName,
  Server,
  type WSMessage,
} from 'partyserver';
import { wireOf } from '../schema/chat-wire';
import type { ChatServerMessage } from '../schema/live';
import { type ChatConnectionState, parseClientMessage, REFUSAL_TEXT } from './chat-logic';
import { verifyChatToken } from './chat-token';
import { chatTokenSecret } from './chat-token-secret';

const send = (connection: Connection, message: ChatServerMessage) => connection.send(JSON.stringify(message));
const refuse = (connection: Connection, text: string) => send(connection, { type: 'error', message: text });

/** A shard is named `<room>:<k>`; the room is the stream key's public id before the last colon. */
export const roomOfShard = (shard: string): string => shard.slice(0, shard.lastIndexOf(':'));

/** The shard's number `k` in `<room>:<k>`. */
export const shardNumberOf = (shard: string): number => Number(shard.slice(shard.lastIndexOf(':') + 1));

/**
 * One of a chat room's socket holders (issue 14 item 7): a Durable Object holds a bounded number of
 * sockets, so a big room spreads them over shards, and the room picks each socket's shard
 * (`Chat.pickShard`). The shard owns no rule: it checks the token, asks the room (`Chat`) for
 * history and for every send, and writes each of the room's batches to its sockets as one message
 * (a `batch` frame when it holds more than one, `schema/chat-wire.ts`). The welcome also names the
 * shard (`shard`, ignored by the client's parser) so tests and the bench can see the spread.
 */
export class ChatShard extends Server<Env> {
  static override options = { hibernate: true };

  private async room() {
    return getServerByName(this.env.Chat, roomOfShard(this.name));
  }

  /**
   * Ids of the sockets the room counts for this shard, as this instance knows them: the census taken
   * when it started, then every socket the room let in. A close of any other socket (the one whose
   * close woke the shard from hibernation is gone from the census already) uncounts nothing.
   */
  private counted = new Set<string>();

  /**
   * Tells the room who this shard holds, per viewer key, whenever the object starts: on waking from
   * hibernation that is what it held; after a restart that dropped its sockets, nothing.
   */
  override async onStart() {
    const held = new Map<string, number>();
    for (const connection of this.getConnections<ChatConnectionState>()) {
      const viewer = connection.state?.viewer;
      if (!viewer) continue;
      held.set(viewer, (held.get(viewer) ?? 0) + 1);
      this.counted.add(connection.id);
    }
    await (await this.room()).census(this.name, [...held]);
  }

  override async onConnect(connection: Connection<ChatConnectionState>, ctx: ConnectionContext) {
    const token = new URL(ctx.request.url).searchParams.get('token');
    const now = new Date();
    const room = roomOfShard(this.name);
    const claims = token
      ? await verifyChatToken(await chatTokenSecret(this.env, now), token, room, now)
      : null;
    const identity = claims
      ? { userId: claims.userId, username: claims.username, avatar: claims.avatar }
      : null;
    connection.setState({ identity, viewer: null });
    // Cloudflare's edge sets the address and overwrites any a client sends; without an edge (local
    // runs) every visitor is one unknown address.
    const arrival = identity
      ? { userId: identity.userId }
      : { address: ctx.request.headers.get('CF-Connecting-IP') ?? '' };
    const answer = await (await this.room()).join(this.name, this.openSockets().length, arrival);
    if ('refused' in answer) {
      refuse(connection, answer.refused);
      connection.close(1008, answer.refused);
      return;
    }
    // A socket closed while the room counted it saw no viewer in its close (`onClose`): uncount it here.
    if (connection.readyState !== WebSocket.READY_STATE_OPEN) {
      return (await this.room()).leave(this.name, this.openSockets().length, answer.viewer);
    }
    connection.setState({ identity, viewer: answer.viewer });
    this.counted.add(connection.id);
    connection.send(JSON.stringify({ type: 'recent_messages', messages: answer.messages, shard: this.name }));
  }

  /** Tells the room the socket left (the room counts viewers, people not sockets) and how many are left. */
  override async onClose(connection: Connection<ChatConnectionState>) {
    const viewer = connection.state?.viewer;
    const room = await this.room();
    if (viewer && this.counted.delete(connection.id)) {
      await room.leave(this.name, this.openSockets().length, viewer);
    } else await room.reportViewers(this.name, this.openSockets().length);
  }

  /**
   * The shard's open sockets, straight from the runtime: partyserver's `getConnections` also
   * deserializes every socket's attachment on each call to check it is one of its own, which made a
   * join storm quadratic and a broadcast to 1,000 sockets 1,000 deserializations. Every socket here
   * is partyserver's (`onConnect` above).
   */
  private openSockets() {
    return this.ctx.getWebSockets().filter((socket) => socket.readyState === WebSocket.READY_STATE_OPEN);
  }

  override async onMessage(connection: Connection<ChatConnectionState>, raw: WSMessage) {
    const text = parseClientMessage(raw);
    if (text === null) return refuse(connection, REFUSAL_TEXT.invalid);
    const identity = connection.state?.identity;
    if (!identity) return refuse(connection, REFUSAL_TEXT.read_only);
    const refusal = await (await this.room()).submit(identity, text);
    if (refusal) refuse(connection, refusal);
  }

  /** RPC from the room: one tick's accepted frames, written to every socket as one message (`wireOf`). */
  async deliver(frames: ChatServerMessage[]): Promise<void> {
    const text = JSON.stringify(wireOf(frames));
    for (const socket of this.openSockets()) socket.send(text);
  }
}
