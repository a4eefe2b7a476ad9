import { getServerByName, Server } from 'partyserver';
import {
  type ChatMessage,
  type ChatServerMessage,
  type TipNotification,
  TipNotificationSchema,
} from '../schema/live';
import { archiveStatements, markArchivedDeleted } from './chat-archive';
import {
  appendRecent,
  buildChatMessage,
  buildTipMessage,
  type ChatIdentity,
  REFUSAL_TEXT,
  type SendLog,
  takeUserRateSlot,
} from './chat-logic';
import { shardNumberOf } from './chat-shard';
import { judgeSend, keepRecentSends } from './moderation';
import { followedAt, loadRoomModeration, type RoomModeration } from './moderation-queries';
import { chooseShard, SHARD_CAPACITY } from './shard-choice';
import { setCurrentViewerCount } from './viewer-count';
import {
  admitSocket,
  hashAddress,
  releaseSocket,
  type Tally,
  TOO_MANY_SOCKETS_TEXT,
  viewerKey,
} from './viewers';

const RECENT_KEY = 'recent';
const SENT_KEY = 'sent';
const SHARDS_KEY = 'shards';
const LAST_SENT_KEY = 'last-sent';
const SALT_KEY = 'address-salt';
/** One storage row per shard and viewer (`viewer|<shard>|<key>` → sockets): a join writes one row, not the room. */
const VIEWER_PREFIX = 'viewer|';
/** The storage API's most keys per put or delete. */
const STORAGE_BATCH = 128;

/** Who a new socket is, as its shard saw it: the token's user id, or the address the edge gave. */
export type Arrival = { userId: string } | { address: string };

/** A join's answer: the history and the key the shard keeps for the close, or why the socket is refused. */
export type JoinAnswer = { messages: ChatMessage[]; viewer: string } | { refused: string };
/** Shard reports within this window make one viewer-count write, not one write per report. */
const VIEWER_COUNT_DELAY_MS = 2000;
/**
 * Accepted frames wait this long and go to each shard as one RPC, which writes them to each socket
 * as one WebSocket message: at 20 msg/s a socket gets ~12 messages a second instead of 20, and at
 * 1,000 msg/s still 17 (issue 14 item 7 asks 50–100 ms). Writes per socket, not frames, are what a
 * shard pays for: 3,000 sockets at 20 msg/s got 45 % of their frames one by one, all of them batched.
 */
export const CHAT_BATCH_MS = 60;

/**
 * One chat room per stream (DESIGN.md §8), the authority of its shards (`ChatShard`, which hold the
 * sockets): remembers the last 50 messages, the per-user send log and which shards have sockets, all
 * in room storage; decides every send; gives ids; and sends what it accepts to its shards in batches.
 * Tips and clears come from the worker by RPC. The room is named by the stream key's public id (the
 * worker lets no other name reach it, `routeRoomRequest`); its shards' sockets are the viewer count.
 */
export class Chat extends Server<Env> {
  private recent: ChatMessage[] = [];
  /**
   * Who sent what when, for the per-user rate limit. Stored with the messages (`remember`), since an
   * evicted room forgets its memory and a user's sockets may all close and reopen in the window.
   */
  private sent: SendLog = new Map();
  /** Each user's last accepted send (epoch ms), for slow mode; kept with `sent`, pruned past the longest slow mode. */
  private lastSent = new Map<string, number>();
  /**
   * The creator's rules, moderators and sanctions (`moderation-queries.ts`), read from D1 when the
   * room starts and again whenever the worker says they changed (`moderationChanged`).
   */
  private moderation: RoomModeration | null = null;
  /** Shard name → its last reported socket count; a shard is here from its first join to a report of 0. */
  private shards = new Map<string, number>();
  /**
   * Open sockets per viewer (`viewers.ts`) over all shards: its size is the viewer count, its counts
   * the per-viewer cap. `byShard` holds the same per shard, so a shard's census can replace its part.
   */
  private viewers: Tally = new Map();
  private byShard = new Map<string, Tally>();
  /** This room's salt for address hashes (stored with it): an address's key means nothing elsewhere. */
  private salt = '';
  /**
   * Sockets sent to a shard by `pickShard` whose join has not arrived yet, by shard number: in a join
   * storm the shards' own counts lag, and without these every newcomer would pick the same shard.
   */
  private incoming = new Map<number, number>();
  private pending: ChatServerMessage[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  override async onStart() {
    this.recent = (await this.ctx.storage.get<ChatMessage[]>(RECENT_KEY)) ?? [];
    this.sent = (await this.ctx.storage.get<SendLog>(SENT_KEY)) ?? new Map();
    this.shards = (await this.ctx.storage.get<Map<string, number>>(SHARDS_KEY)) ?? new Map();
    this.lastSent = (await this.ctx.storage.get<Map<string, number>>(LAST_SENT_KEY)) ?? new Map();
    const salt = await this.ctx.storage.get<string>(SALT_KEY);
    this.salt = salt ?? crypto.randomUUID();
    if (salt === undefined) await this.ctx.storage.put(SALT_KEY, this.salt);
    for (const [row, count] of await this.ctx.storage.list<number>({ prefix: VIEWER_PREFIX })) {
      const [shard = '', key = ''] = row.slice(VIEWER_PREFIX.length).split('|');
      this.tallyOf(shard).set(key, count);
      this.viewers.set(key, (this.viewers.get(key) ?? 0) + count);
    }
    this.moderation = await loadRoomModeration(this.env.DB, this.name, Date.now());
  }

  /**
   * RPC from a shard on each new socket, with the shard's socket count and who the socket is: counts
   * it for its viewer, or refuses it past `MAX_SOCKETS_PER_VIEWER` (a user's sockets, or an address's
   * sockets without a token), registers the shard for batches and answers the history (taken before
   * any await after the count, so no batch falls between the two). The address is hashed here and
   * never kept.
   */
  async join(shard: string, sockets: number, arrival: Arrival): Promise<JoinAnswer> {
    const k = shardNumberOf(shard);
    this.incoming.set(k, Math.max(0, (this.incoming.get(k) ?? 0) - 1));
    const key = viewerKey(
      'userId' in arrival
        ? { kind: 'user', userId: arrival.userId }
        : { kind: 'address', hash: await hashAddress(this.salt, arrival.address) },
    );
    if (!admitSocket(this.viewers, key)) {
      return { refused: TOO_MANY_SOCKETS_TEXT['userId' in arrival ? 'user' : 'address'] };
    }
    const recent = this.recent;
    const onShard = this.tallyOf(shard);
    onShard.set(key, (onShard.get(key) ?? 0) + 1);
    await this.record(shard, sockets, { [this.rowOf(shard, key)]: onShard.get(key) ?? 0 });
    return { messages: recent, viewer: key };
  }

  /** RPC from a shard on each close of a socket it counted (`viewer` is the key `join` gave). */
  async leave(shard: string, sockets: number, viewer: string): Promise<void> {
    releaseSocket(this.viewers, viewer);
    const left = releaseSocket(this.tallyOf(shard), viewer);
    if (left === 0) await this.ctx.storage.delete(this.rowOf(shard, viewer));
    await this.record(shard, sockets, left === 0 ? {} : { [this.rowOf(shard, viewer)]: left });
  }

  /**
   * RPC from a shard when it starts (first start, or waking from hibernation): what it holds, per
   * viewer key, replaces what the room counted for it. After a restart that dropped its sockets
   * without a close each, this is what stops their viewers from counting (and holding the cap) forever.
   */
  async census(shard: string, held: [string, number][]): Promise<void> {
    const before = this.byShard.get(shard) ?? new Map<string, number>();
    for (const [key, count] of before) {
      const left = (this.viewers.get(key) ?? 0) - count;
      if (left > 0) this.viewers.set(key, left);
      else this.viewers.delete(key);
    }
    const after: Tally = new Map(held);
    for (const [key, count] of after) this.viewers.set(key, (this.viewers.get(key) ?? 0) + count);
    this.byShard.set(shard, after);
    const gone = [...before.keys()].filter((key) => !after.has(key)).map((key) => this.rowOf(shard, key));
    for (let i = 0; i < gone.length; i += STORAGE_BATCH) {
      await this.ctx.storage.delete(gone.slice(i, i + STORAGE_BATCH));
    }
    // Only what changed is written: a shard waking from hibernation mostly holds what the rows say.
    const rows = [...after]
      .filter(([key, count]) => before.get(key) !== count)
      .map(([key, count]): [string, number] => [this.rowOf(shard, key), count]);
    for (let i = STORAGE_BATCH; i < rows.length; i += STORAGE_BATCH) {
      await this.ctx.storage.put(Object.fromEntries(rows.slice(i, i + STORAGE_BATCH)));
    }
    const sockets = held.reduce((sum, [, count]) => sum + count, 0);
    await this.record(shard, sockets, Object.fromEntries(rows.slice(0, STORAGE_BATCH)));
  }

  /**
   * RPC from the worker on each new chat socket: the shard it joins (`<room>:<k>`), as few as the
   * audience needs and the least loaded of them (`chooseShard`). `capacity` is the worker's
   * `CHAT_SHARD_CAPACITY` (tests and the bench make shards small to spread a few sockets).
   */
  async pickShard(capacity = SHARD_CAPACITY): Promise<string> {
    const sockets: number[] = [];
    for (const [shard, count] of this.shards) sockets[shardNumberOf(shard)] = count;
    for (const [k, count] of this.incoming) sockets[k] = (sockets[k] ?? 0) + count;
    const k = chooseShard(
      Array.from(sockets, (count) => count ?? 0),
      capacity,
    );
    this.incoming.set(k, (this.incoming.get(k) ?? 0) + 1);
    return `${this.name}:${k}`;
  }

  /**
   * RPC from a shard: a speaker's message, accepted (null) or refused with the text the sender sees:
   * the creator's moderation first (`judgeSend`: sanctions, followers-only, slow mode, links, terms),
   * then the rate limit.
   */
  async submit(identity: ChatIdentity, text: string): Promise<string | null> {
    const moderation = this.moderation;
    const privileged =
      moderation !== null &&
      (identity.userId === moderation.creatorId || moderation.moderators.has(identity.userId));
    const followed =
      moderation && !privileged && moderation.rules.followersOnlyMinutes !== null
        ? await followedAt(this.env.DB, identity.userId, moderation.creatorId)
        : null;
    // From here to the storage write nothing awaits: two sockets of one user, on any shards, cannot
    // share a last slot.
    const now = Date.now();
    if (moderation) {
      const refusal = judgeSend(
        text,
        {
          privileged,
          sanction: moderation.sanctions.get(identity.userId) ?? null,
          lastSentAt: this.lastSent.get(identity.userId) ?? null,
          followedAt: followed,
        },
        moderation.rules,
        now,
      );
      if (refusal) return refusal;
    }
    const slot = takeUserRateSlot(this.sent, identity.userId, now);
    if (!slot.allowed) return REFUSAL_TEXT.rate_limited;
    this.sent = slot.log;
    this.lastSent = keepRecentSends(this.lastSent, identity.userId, now);
    const message = buildChatMessage(identity, text, {
      id: crypto.randomUUID(),
      streamKey: this.name,
      now: new Date(now),
    });
    await this.remember(message);
    this.enqueue({ type: 'chat_message', message });
    return null;
  }

  /** RPC from the worker after it changed the creator's rules, moderators or sanctions: reads them again. */
  async moderationChanged(): Promise<void> {
    this.moderation = await loadRoomModeration(this.env.DB, this.name, Date.now());
  }

  /** RPC from the worker (a report of a message): the message while the room still holds it. */
  async findMessage(messageId: string): Promise<ChatMessage | null> {
    return this.recent.find(({ id }) => id === messageId) ?? null;
  }

  /**
   * RPC from the worker (a moderator's Delete): the message leaves the history new joiners get and
   * every open chat at once. Answers the message, or null when the room no longer holds it.
   */
  async deleteMessage(messageId: string): Promise<ChatMessage | null> {
    const message = this.recent.find(({ id }) => id === messageId) ?? null;
    if (!message) return null;
    this.recent = this.recent.filter(({ id }) => id !== messageId);
    this.pending = this.pending.filter(
      (frame) =>
        !(
          (frame.type === 'chat_message' || frame.type === 'tip_notification') &&
          frame.message.id === messageId
        ),
    );
    await this.ctx.storage.put(RECENT_KEY, this.recent);
    await markArchivedDeleted(this.env.DB, this.name, messageId, new Date());
    this.enqueue({ type: 'message_deleted', messageId });
    return message;
  }

  /**
   * RPC from a shard after it closed a socket it had not counted (one `join` refused): its socket
   * count. A shard with none gets no batches until a join.
   */
  async reportViewers(shard: string, sockets: number): Promise<void> {
    await this.record(shard, sockets, {});
  }

  /** Writes the number of distinct viewers (people, not sockets) to the stream's current session. */
  override async onAlarm() {
    await setCurrentViewerCount(this.env.DB, this.name, this.viewers.size);
  }

  /** RPC from the worker (`sendTipNotification`): a tip's system message, kept and broadcast. */
  async notifyTip(input: TipNotification): Promise<ChatMessage> {
    const tip = TipNotificationSchema.parse(input);
    const message = buildTipMessage(tip, { id: crypto.randomUUID(), streamKey: this.name, now: new Date() });
    await this.remember(message);
    this.enqueue({ type: 'tip_notification', message, tip });
    return message;
  }

  /** RPC from the worker (`DELETE /api/chat/{id}/messages`, session stop): forgets every message and says so. */
  async clearMessages(): Promise<void> {
    this.recent = [];
    await this.ctx.storage.delete(RECENT_KEY);
    this.enqueue({ type: 'recent_messages', messages: [] });
  }

  private tallyOf(shard: string): Tally {
    let tally = this.byShard.get(shard);
    if (!tally) {
      tally = new Map();
      this.byShard.set(shard, tally);
    }
    return tally;
  }

  private rowOf(shard: string, key: string) {
    return `${VIEWER_PREFIX}${shard}|${key}`;
  }

  /**
   * Keeps a shard's socket count (0 unregisters it) and `rows` in one storage write, and sets the
   * alarm that writes the viewer count: reports within 2 s make one write, not one per report.
   */
  private async record(shard: string, sockets: number, rows: Record<string, number>) {
    if (sockets === 0) this.shards.delete(shard);
    else this.shards.set(shard, sockets);
    await this.ctx.storage.put<Map<string, number> | number>({ ...rows, [SHARDS_KEY]: this.shards });
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + VIEWER_COUNT_DELAY_MS);
    }
  }

  /** Keeps the message, and the send log that counted it, in one storage write. */
  private async remember(message: ChatMessage) {
    this.recent = appendRecent(this.recent, message);
    await this.ctx.storage.put<ChatMessage[] | SendLog | Map<string, number>>({
      [RECENT_KEY]: this.recent,
      [SENT_KEY]: this.sent,
      [LAST_SENT_KEY]: this.lastSent,
    });
  }

  private enqueue(frame: ChatServerMessage) {
    this.pending.push(frame);
    this.flushTimer ??= setTimeout(() => void this.flush(), CHAT_BATCH_MS);
  }

  /**
   * One RPC per shard per tick, all shards at once; a shard that fails misses this batch only. The
   * tick's lines go to the replay archive in one D1 batch beside them (`chat-archive.ts`).
   */
  private async flush() {
    const batch = this.pending;
    this.pending = [];
    this.flushTimer = null;
    await Promise.all([this.archive(batch), ...this.deliverTo([...this.shards.keys()], batch)]);
  }

  /** A failed archive write loses those lines from the replay, never the live chat. */
  private async archive(batch: ChatServerMessage[]) {
    const statements = archiveStatements(this.env.DB, this.name, batch);
    if (statements.length === 0) return;
    try {
      await this.env.DB.batch(statements);
    } catch (error) {
      console.error(`chat archive of ${this.name} failed`, error);
    }
  }

  private deliverTo(shards: string[], batch: ChatServerMessage[]) {
    return shards.map(async (shard) => {
      try {
        await (await getServerByName(this.env.ChatShard, shard)).deliver(batch);
      } catch (error) {
        console.error(`chat batch to ${shard} failed`, error);
      }
    });
  }
}
