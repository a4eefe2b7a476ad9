import { type Connection, Server } from 'partyserver';
import type { StatusServerMessage } from '../schema/chat';
import { type StreamStatus, StreamStatusSchema } from '../schema/live';

const STATUS_KEY = 'status';
const OFFLINE: StreamStatus = { isLive: false, sessionId: null };
const frame = (status: StreamStatus) =>
  JSON.stringify({ type: 'status', ...status } satisfies StatusServerMessage);

/**
 * One status room per stream public id (live issue item 9): tells every watcher whether the stream
 * is live, on connect and on every change. Clients only listen; the worker sets it by RPC.
 */
export class Status extends Server<Env> {
  static override options = { hibernate: true };
  private status: StreamStatus = OFFLINE;

  override async onStart() {
    this.status = (await this.ctx.storage.get<StreamStatus>(STATUS_KEY)) ?? OFFLINE;
  }

  override onConnect(connection: Connection) {
    connection.send(frame(this.status));
  }

  /** RPC from the worker (`setStreamStatus`): stores the state and pushes it when it changed. */
  async setStatus(input: StreamStatus): Promise<void> {
    const next = StreamStatusSchema.parse(input);
    if (next.isLive === this.status.isLive && next.sessionId === this.status.sessionId) return;
    this.status = next;
    await this.ctx.storage.put(STATUS_KEY, next);
    this.broadcast(frame(next));
  }
}
