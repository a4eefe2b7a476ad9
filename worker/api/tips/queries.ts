import { COIN_UNIT } from '../../../schema/constants';
import type { Tip } from '../../../schema/money';

/** SQL behind the tips API; amounts are stored in base units and answered in REEL. */

type TipRow = {
  id: string;
  tipper_id: string;
  receiver_id: string;
  amount: number;
  message: string;
  tip_type: Tip['tipType'];
  stream_session_id: string | null;
  video_id: string | null;
  short_id: string | null;
  status: Tip['status'];
  tx_hash: string | null;
  gift_name: string | null;
  created_at: string;
};

export type TipRecord = Tip & { amountUnits: number };

const COLUMNS = `id, tipper_id, receiver_id, amount, message, tip_type, stream_session_id, video_id, short_id,
  status, tx_hash, gift_name, created_at`;

const toTip = (row: TipRow): TipRecord => ({
  id: row.id,
  tipperId: row.tipper_id,
  receiverId: row.receiver_id,
  amount: row.amount / COIN_UNIT,
  amountUnits: row.amount,
  message: row.message,
  tipType: row.tip_type,
  streamSessionId: row.stream_session_id,
  videoId: row.video_id,
  shortId: row.short_id,
  status: row.status,
  txHash: row.tx_hash,
  giftName: row.gift_name,
  createdAt: row.created_at,
});

/** Drops the internal base-unit amount before answering. */
export const publicTip = ({ amountUnits: _units, ...tip }: TipRecord): Tip => tip;

export type NewTip = Omit<TipRecord, 'amount' | 'status' | 'txHash'> & { idempotencyKey: string | null };

export const insertTip = (db: D1Database, tip: NewTip) =>
  db
    .prepare(
      `INSERT INTO tips (id, tipper_id, receiver_id, amount, message, tip_type, stream_session_id, video_id,
                         short_id, status, idempotency_key, gift_name, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'pending', ?10, ?11, ?12)`,
    )
    .bind(
      tip.id,
      tip.tipperId,
      tip.receiverId,
      tip.amountUnits,
      tip.message,
      tip.tipType,
      tip.streamSessionId,
      tip.videoId,
      tip.shortId,
      tip.idempotencyKey,
      tip.giftName,
      tip.createdAt,
    )
    .run();

export const getTipById = async (db: D1Database, id: string) => {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM tips WHERE id = ?1`).bind(id).first<TipRow>();
  return row ? toTip(row) : null;
};

export const getTipByIdempotencyKey = async (db: D1Database, key: string) => {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM tips WHERE idempotency_key = ?1`)
    .bind(key)
    .first<TipRow>();
  return row ? toTip(row) : null;
};

/** tipper/receiver: every status (the API's "me" lists); sent/received/history: confirmed only. */
export type TipListFilter =
  | { by: 'tipper' | 'receiver'; id: string }
  | { by: 'sent' | 'received' | 'history'; id: string }
  | { by: 'stream' | 'video' | 'short'; id: string }
  | { by: 'recent' };

const WHERE: Record<TipListFilter['by'], string> = {
  tipper: 'tipper_id = ?1',
  receiver: 'receiver_id = ?1',
  sent: "tipper_id = ?1 AND status = 'confirmed'",
  received: "receiver_id = ?1 AND status = 'confirmed'",
  history: "(tipper_id = ?1 OR receiver_id = ?1) AND status = 'confirmed'",
  stream: "stream_session_id = ?1 AND status = 'confirmed'",
  video: "video_id = ?1 AND status = 'confirmed'",
  short: "short_id = ?1 AND status = 'confirmed'",
  recent: "status = 'confirmed' AND ?1 IS NULL",
};

export const listTips = async (db: D1Database, filter: TipListFilter, limit: number) => {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM tips WHERE ${WHERE[filter.by]} ORDER BY created_at DESC, id DESC LIMIT ?2`,
    )
    .bind('id' in filter ? filter.id : null, limit)
    .all<TipRow>();
  return results.map(toTip);
};

/** Confirmed totals for a user, in base units. */
export const getTipStats = async (db: D1Database, userId: string) =>
  db
    .prepare(
      `SELECT
         COALESCE(SUM(CASE WHEN tipper_id = ?1 THEN amount END), 0) AS sent,
         COUNT(CASE WHEN tipper_id = ?1 THEN 1 END) AS sent_count,
         COALESCE(SUM(CASE WHEN receiver_id = ?1 THEN amount END), 0) AS received,
         COUNT(CASE WHEN receiver_id = ?1 THEN 1 END) AS received_count
       FROM tips WHERE status = 'confirmed' AND (tipper_id = ?1 OR receiver_id = ?1)`,
    )
    .bind(userId)
    .first<{ sent: number; sent_count: number; received: number; received_count: number }>();

/** Moves status only from the expected one; answers whether it moved. */
export const updateTipStatus = async (db: D1Database, id: string, from: readonly string[], to: string) => {
  const placeholders = from.map((_, index) => `?${index + 3}`).join(', ');
  const result = await db
    .prepare(`UPDATE tips SET status = ?2 WHERE id = ?1 AND status IN (${placeholders})`)
    .bind(id, to, ...from)
    .run();
  return result.meta.changes > 0;
};

export const setTipTxHash = (db: D1Database, id: string, hash: string) =>
  db.prepare('UPDATE tips SET tx_hash = ?2 WHERE id = ?1').bind(id, hash).run();

export const deletePendingTip = async (db: D1Database, id: string) =>
  (await db.prepare("DELETE FROM tips WHERE id = ?1 AND status = 'pending'").bind(id).run()).meta.changes > 0;

/** The owner of the content a tip points at, or null when it does not exist. */
export const getContentOwner = async (db: D1Database, tipType: 'stream' | 'video' | 'short', id: string) => {
  const row =
    tipType === 'stream'
      ? await db
          .prepare(
            `SELECT k.user_id AS owner FROM stream_sessions s JOIN stream_keys k ON k.id = s.stream_key_id
             WHERE s.id = ?1`,
          )
          .bind(id)
          .first<{ owner: string }>()
      : await db
          .prepare('SELECT user_id AS owner FROM videos WHERE id = ?1 AND type = ?2')
          .bind(id, tipType)
          .first<{ owner: string }>();
  return row?.owner ?? null;
};

export const userExists = async (db: D1Database, id: string) =>
  (await db.prepare('SELECT 1 AS found FROM users WHERE id = ?1').bind(id).first()) !== null;

/** Who and where a stream tip's chat notification names: the room is the stream key's public id. */
export const getStreamTipParties = (db: D1Database, tip: TipRecord) =>
  db
    .prepare(
      `SELECT s.stream_key_id AS room, t.username AS tipper, r.username AS receiver
       FROM stream_sessions s, users t, users r
       WHERE s.id = ?1 AND t.id = ?2 AND r.id = ?3`,
    )
    .bind(tip.streamSessionId, tip.tipperId, tip.receiverId)
    .first<{ room: string; tipper: string; receiver: string }>();

type SessionTipRow = {
  id: string;
  tipper_username: string;
  amount: number;
  gift_name: string | null;
  message: string;
  created_at: string;
};

/** A live session's confirmed tips for its owner's dashboard: count and total (base units), newest first. */
export const getSessionTips = async (db: D1Database, sessionId: string, limit: number) => {
  const [totals, recent] = await Promise.all([
    db
      .prepare(
        `SELECT COUNT(*) AS count, COALESCE(SUM(amount), 0) AS total
         FROM tips WHERE stream_session_id = ?1 AND status = 'confirmed'`,
      )
      .bind(sessionId)
      .first<{ count: number; total: number }>(),
    db
      .prepare(
        `SELECT t.id, u.username AS tipper_username, t.amount, t.gift_name, t.message, t.created_at
         FROM tips t JOIN users u ON u.id = t.tipper_id
         WHERE t.stream_session_id = ?1 AND t.status = 'confirmed'
         ORDER BY t.created_at DESC, t.id DESC LIMIT ?2`,
      )
      .bind(sessionId, limit)
      .all<SessionTipRow>(),
  ]);
  return { count: totals?.count ?? 0, totalUnits: totals?.total ?? 0, recent: recent.results };
};
