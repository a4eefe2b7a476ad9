import {
  type ContentKind,
  type CreateShareBody,
  SHARE_PLATFORM_DEFAULTS,
  type ShareStats,
} from '../../../schema/engagement';
import type { SessionUser } from '../../../schema/user';
import { newId } from '../../lib/ids';
import { assertSelf } from '../../lib/session';
import { assertContent, assertUser, contentNotFound, now, typeOfKind } from './content-kind';
import {
  countSharesByPlatform,
  getShareByIdempotencyKey,
  insertShare,
  listSharesByUser,
  listSharesOfVideo,
} from './shares-queries';

type Target = { kind: ContentKind; videoId: string };
type Viewed = Target & { viewerId: string | null };
type Page = { limit: number; offset: number };

/**
 * Records the caller's share; the platform defaults to 'web' for shorts, 'general' for videos. Sent
 * again with the same Idempotency-Key (the outbox's page and service worker both sending a queued
 * share, a resend after a lost answer), it answers the first share and records nothing new.
 */
export const shareContent = async (
  db: D1Database,
  caller: SessionUser,
  target: Target,
  body: CreateShareBody,
  idempotencyKey: string | null,
) => {
  assertSelf(caller, body.userId);
  const share = {
    id: newId(),
    videoId: target.videoId,
    userId: caller.id,
    platform: body.platform ?? SHARE_PLATFORM_DEFAULTS[target.kind],
    shareUrl: body.shareUrl,
    createdAt: now(),
  };
  const result = await insertShare(db, { ...share, type: typeOfKind(target.kind), idempotencyKey });
  if (result.total === null) throw contentNotFound(target.kind);
  const first =
    !result.inserted && idempotencyKey ? await getShareByIdempotencyKey(db, idempotencyKey) : null;
  return { share: first ?? share, shareCount: result.total };
};

export const listShares = async (db: D1Database, target: Viewed, page: Page) => {
  await assertContent(db, target, target.viewerId);
  return listSharesOfVideo(db, target.videoId, page);
};

export const shareStats = async (db: D1Database, target: Viewed): Promise<ShareStats> => {
  await assertContent(db, target, target.viewerId);
  const rows = await countSharesByPlatform(db, target.videoId);
  return {
    shareCount: rows.reduce((sum, row) => sum + row.total, 0),
    byPlatform: Object.fromEntries(rows.map((row) => [row.platform, row.total])),
  };
};

export const listUserShares = async (
  db: D1Database,
  query: { userId: string; kind: ContentKind; viewerId: string | null },
  page: Page,
) => {
  await assertUser(db, query.userId);
  return listSharesByUser(db, { ...query, type: typeOfKind(query.kind) }, page);
};
