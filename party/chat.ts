import { type Connection, type ConnectionContext, Server, type WSMessage } from 'partyserver';
import {
  type ChatMessage,
  type ChatServerMessage,
  type TipNotification,
  TipNotificationSchema,
} from '../schema/live';
import { chatTokenSecret } from '../worker/api/chat/token-secret';
import { setCurrentViewerCount } from '../worker/api/chat/viewer-count';
import {
  appendRecent,
  buildChatMessage,
  buildTipMessage,
  type ChatConnectionState,
  parseClientMessage,
  REFUSAL_TEXT,
  type Refusal,
  type SendLog,
  takeUserRateSlot,
} from './chat-logic';
import { verifyChatToken } from './chat-token';

const RECENT_KEY = 'recent';
const SENT_KEY = 'sent';
/** Joins and leaves within this window make one viewer-count write, not one write per socket. */
const VIEWER_COUNT_DELAY_MS = 2000;
const send = (connection: Connection, message: ChatServerMessage) => connection.send(JSON.stringify(message));
const refuse = (connection: Connection, refusal: Refusal) =>
  send(connection, { type: 'error', message: REFUSAL_TEXT[refusal] });

/**
 * One chat room per stream (DESIGN.md §8): remembers the last 50 messages in room storage, sends
 * them on connect, and relays each accepted message to everyone in the room. Only connections with
 * a worker-signed token for this room may speak; tips and clears come from the worker by RPC.
 * The room is named by the stream key's public id (the worker lets no other name reach it,
 * `routeRoomRequest`); its socket count is the session's viewer count.
 */
export class Chat extends Server<Env> {
  static override options = { hibernate: true };
  private recent: ChatMessage[] = [];
  /**
   * Who sent what when, for the per-user rate limit. Stored with the messages (`remember`), since a
   * hibernating room forgets its memory and a user's sockets may all close and reopen in the window.
   */
  private sent: SendLog = new Map();

  override async onStart() {
    this.recent = (await this.ctx.storage.get<ChatMessage[]>(RECENT_KEY)) ?? [];
    this.sent = (await this.ctx.storage.get<SendLog>(SENT_KEY)) ?? new Map();
  }

  override async onConnect(connection: Connection<ChatConnectionState>, ctx: ConnectionContext) {
    const token = new URL(ctx.request.url).searchParams.get('token');
    const now = new Date();
    const claims = token
      ? await verifyChatToken(await chatTokenSecret(this.env, now), token, this.name, now)
      : null;
    const identity = claims
      ? { userId: claims.userId, username: claims.username, avatar: claims.avatar }
      : null;
    connection.setState({ identity });
    send(connection, { type: 'recent_messages', messages: this.recent });
    await this.scheduleViewerCount();
  }

  override async onClose() {
    await this.scheduleViewerCount();
  }

  /** Writes how many sockets are open to the stream's current session (see `scheduleViewerCount`). */
  override async onAlarm() {
    const viewers = [...this.getConnections()].length;
    await setCurrentViewerCount(this.env.DB, this.name, viewers);
  }

  override async onMessage(connection: Connection<ChatConnectionState>, raw: WSMessage) {
    const state = connection.state;
    const text = parseClientMessage(raw);
    if (text === null) return refuse(connection, 'invalid');
    if (!state?.identity) return refuse(connection, 'read_only');
    // Checked and counted with no await in between: two sockets of one user cannot share a last slot.
    const slot = takeUserRateSlot(this.sent, state.identity.userId, Date.now());
    if (!slot.allowed) return refuse(connection, 'rate_limited');
    this.sent = slot.log;
    const message = buildChatMessage(state.identity, text, {
      id: crypto.randomUUID(),
      streamKey: this.name,
      now: new Date(),
    });
    await this.remember(message);
    this.broadcast(JSON.stringify({ type: 'chat_message', message } satisfies ChatServerMessage));
  }

  /** RPC from the worker (`sendTipNotification`): a tip's system message, kept and broadcast. */
  async notifyTip(input: TipNotification): Promise<ChatMessage> {
    const tip = TipNotificationSchema.parse(input);
    const message = buildTipMessage(tip, { id: crypto.randomUUID(), streamKey: this.name, now: new Date() });
    await this.remember(message);
    this.broadcast(JSON.stringify({ type: 'tip_notification', message, tip } satisfies ChatServerMessage));
    return message;
  }

  /** RPC from the worker (`DELETE /api/chat/{id}/messages`, session stop): forgets every message and says so. */
  async clearMessages(): Promise<void> {
    this.recent = [];
    await this.ctx.storage.delete(RECENT_KEY);
    this.broadcast(JSON.stringify({ type: 'recent_messages', messages: [] } satisfies ChatServerMessage));
  }

  private async scheduleViewerCount() {
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + VIEWER_COUNT_DELAY_MS);
    }
  }

  /** Keeps the message, and the send log that counted it, in one storage write. */
  private async remember(message: ChatMessage) {
    this.recent = appendRecent(this.recent, message);
    await this.ctx.storage.put<ChatMessage[] | SendLog>({ [RECENT_KEY]: this.recent, [SENT_KEY]: this.sent });
  }
}
