import type { VideoType } from '../../schema/content';
import type { Creator } from './build-people';
import type { Upload } from './build-uploads';
import { BASE_TIME, idAt, iso, timeBetween } from './clock';
import { DEMO_COMMENTS, DEMO_REPLIES, DEMO_SHARE_PLATFORMS, DEMO_USER_AGENTS } from './demo-comments';
import type { Random } from './random';
import type { CommentRow, ReactionRow, SeedPlan, ShareRow, ViewRow } from './rows';

/** Origin of the share links: what `npm start` serves by default (DESIGN.md §1). */
export const DEMO_ORIGIN = 'http://127.0.0.1:8787';

export type Engagement = Pick<SeedPlan, 'likes' | 'bookmarks' | 'comments' | 'shares' | 'views'>;

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Likes, bookmarks (shorts only), comments with replies, shares and views for every upload. How
 * much each upload gets follows its creator's popularity; creators never like or view their own.
 */
export function buildEngagement(
  random: Random,
  creators: readonly Creator[],
  uploads: readonly Upload[],
): Engagement {
  const out: Engagement = { likes: [], bookmarks: [], comments: [], shares: [], views: [] };
  const replies: CommentRow[] = [];

  for (const upload of uploads) {
    const { row: video, creator, uploadedAt } = upload;
    const others = creators.filter((c) => c !== creator);
    const pop = creator.popularity;
    const after = (from: number): string => iso(timeBetween(random, from, BASE_TIME));
    const react = (c: Creator): ReactionRow => ({
      userId: c.row.id,
      videoId: video.id,
      createdAt: after(uploadedAt),
    });

    for (const c of others) if (random.chance(0.15 + 0.65 * pop)) out.likes.push(react(c));
    if (video.type === 'short') {
      for (const c of others) if (random.chance(0.05 + 0.3 * pop)) out.bookmarks.push(react(c));
    }

    const commentCount = random.int(0, 1 + Math.round(4 * pop));
    const texts = random.sample(DEMO_COMMENTS, commentCount);
    random.sample(others, commentCount).forEach((author, i) => {
      const at = timeBetween(random, uploadedAt, BASE_TIME);
      const comment: CommentRow = {
        id: idAt(random, at),
        videoId: video.id,
        userId: author.row.id,
        parentId: null,
        content: texts[i] ?? random.pick(DEMO_COMMENTS),
        createdAt: iso(at),
      };
      out.comments.push(comment);
      if (!random.chance(0.35)) return;
      // Most replies come from the creator answering; some from another viewer.
      const replier = random.chance(0.7) ? creator : random.pick(others.filter((c) => c !== author));
      const replyAt = timeBetween(random, at, BASE_TIME);
      replies.push({
        id: idAt(random, replyAt),
        videoId: video.id,
        userId: replier.row.id,
        parentId: comment.id,
        content: random.pick(DEMO_REPLIES),
        createdAt: iso(replyAt),
      });
    });

    if (random.chance(0.25 + 0.4 * pop)) {
      for (const sharer of random.sample(others, random.int(1, 2))) {
        out.shares.push(shareOf(random, video.id, video.type, sharer, uploadedAt));
      }
    }

    const viewCount = random.int(3, 6) + Math.round(18 * pop);
    for (let i = 0; i < viewCount; i++) out.views.push(viewOf(random, upload, others));
  }
  // Replies after every parent: the comments foreign key is checked statement by statement.
  out.comments.push(...replies);
  return out;
}

function shareOf(random: Random, videoId: string, type: VideoType, sharer: Creator, since: number): ShareRow {
  const at = timeBetween(random, since, BASE_TIME);
  const short = type === 'short';
  return {
    id: idAt(random, at),
    videoId,
    userId: sharer.row.id,
    // The content spec: shorts are shared from the web player, videos default to 'general'.
    platform: short ? 'web' : random.pick(DEMO_SHARE_PLATFORMS),
    shareUrl: `${DEMO_ORIGIN}/${short ? 's' : 'v'}/${videoId}`,
    createdAt: iso(at),
  };
}

function viewOf(random: Random, upload: Upload, others: readonly Creator[]): ViewRow {
  const { row: video, uploadedAt } = upload;
  const at = timeBetween(random, uploadedAt, BASE_TIME - 60_000);
  const completed = random.chance(0.4);
  const watched = completed
    ? video.duration
    : Math.round(video.duration * (0.1 + 0.85 * random.next()) * 10) / 10;
  return {
    id: idAt(random, at),
    contentType: video.type === 'short' ? 'shorts' : 'videos',
    contentId: video.id,
    // About half the views are signed out, as on any public feed.
    userId: random.chance(0.55) ? random.pick(others).row.id : null,
    sessionId: toHex(random.bytes(16)),
    // Documentation range (RFC 5737): plausible, and never a real person's address.
    ipAddress: `203.0.113.${random.int(1, 254)}`,
    userAgent: random.pick(DEMO_USER_AGENTS),
    watchDuration: watched,
    isCompleted: completed,
    createdAt: iso(at),
    updatedAt: iso(at + Math.ceil(watched) * 1000),
  };
}
