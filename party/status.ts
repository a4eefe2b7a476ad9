import { type Connection, Server } from 'partyserver';
import type { StatusServerMessage } from '../schema/chat';
import { type StreamStatus, StreamStatusSchema } from '../schema/live';

const STATUS_KEY = 'status';
const OFFLINE: StreamStatus = { isLive: false, sessionId: null };
const frame = (status: StreamStatus) =>
  JSON.stringify({ type: 'status', ...status } satisfies StatusServerMessage);

/**
 * One status room per stream public id (live issue item 9; the worker lets no other name reach it):
 * tells every watcher whether the stream is live, on connect and on every change. Clients only
 * listen; the worker sets it by RPC. The ingest keeps it live with `segmentArrived`; the room's
 * alarm turns it offline when segments stop, since nothing else would notice an encoder that vanished.
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

  /**
   * RPC from the local ingest on each segment: live now, and offline at `liveUntil` (epoch ms, the
   * last segment's arrival plus 3 target durations) unless another segment moves it later.
   */
  async segmentArrived(liveUntil: number, status: StreamStatus): Promise<void> {
    await this.ctx.storage.setAlarm(liveUntil);
    await this.setStatus(status);
  }

  /** RPC from the local ingest when the encoder's playlist ends (`#EXT-X-ENDLIST`): offline now. */
  async ingestEnded(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.setStatus(OFFLINE);
  }

  /** No segment since the last `segmentArrived` deadline: the encoder is gone. */
  override async onAlarm(): Promise<void> {
    await this.setStatus(OFFLINE);
  }
}
