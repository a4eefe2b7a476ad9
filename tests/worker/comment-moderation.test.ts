import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ModerationLogEntrySchema } from '../../schema/chat-moderation';
import { CommentModerationSchema } from '../../schema/comment-moderation';
import { listComments, postComment } from '../factories/comments';
import {
  creatorWithContent,
  type RegisteredUser,
  registeredUser,
  videoCounters,
} from '../factories/engagement';
import { createStreamKey } from '../factories/live';
import { errorMessage, newCaller } from './session';

/**
 * Comments on a creator's own content (issue 24 §2): the creator and their moderators (appointed,
 * with the blocked terms, from the chat's moderation routes) delete any comment, pin one, and
 * review the comments held for a blocked term; the author's own delete stays.
 */

const listed = async (path: string) => (await listComments(newCaller(), path)).map((t) => t.comment.content);
const heldFor = async (fan: RegisteredUser, path: string) =>
  dataEnvelope(CommentModerationSchema).parse((await fan.caller.json(`${path}/moderation`, 'GET')).body).data;

/** A creator with a video and a short, a moderator, and blocked terms, set as the chat panel does. */
const moderatedContent = async (blockedTerms: string[] = []) => {
  const { creator, video, short } = await creatorWithContent();
  const [moderator, fan, stranger] = [await registeredUser(), await registeredUser(), await registeredUser()];
  const room = (await createStreamKey(creator)).id;
  const rules = { slowModeSeconds: 0, followersOnlyMinutes: null, blockedTerms, linksAllowed: false };
  expect((await creator.caller.json(`/api/chat/${room}/moderation/rules`, 'PUT', rules)).status).toBe(200);
  const appointed = await creator.caller.json(`/api/chat/${room}/moderation/moderators`, 'POST', {
    username: moderator.user.username,
  });
  expect(appointed.status).toBe(201);
  const log = async () =>
    dataEnvelope(z.array(ModerationLogEntrySchema)).parse(
      (await creator.caller.json(`/api/chat/${room}/moderation/log`, 'GET')).body,
    ).data;
  return { creator, moderator, fan, stranger, video, short, log };
};

const remove = (actor: RegisteredUser, path: string, commentId: string) =>
  actor.caller.json(`${path}/${commentId}`, 'DELETE', { userId: actor.user.id });

describe('deleting comments on the creator’s content', () => {
  it('lets the creator and a moderator delete a fan’s comment, logged; a stranger gets 403; the author still can', async () => {
    const { creator, moderator, fan, stranger, video, log } = await moderatedContent();
    const path = `/api/comments/videos/${video.id}`;
    const [first, second, third] = [
      await postComment(fan, path, 'first'),
      await postComment(fan, path, 'second'),
      await postComment(fan, path, 'third'),
    ];
    await postComment(stranger, path, 'reply to first', first.comment.id);

    const refused = await remove(stranger, path, second.comment.id);
    expect(refused.status).toBe(403);
    expect(errorMessage(refused.body).message).toBe('You can only change your own comments');

    expect((await remove(creator, path, first.comment.id)).body).toEqual({
      data: { deleted: true, commentCount: 2 },
    });
    expect((await remove(moderator, path, second.comment.id)).status).toBe(200);
    expect((await remove(fan, path, third.comment.id)).status).toBe(200);
    expect(await listed(path)).toEqual([]);
    expect((await videoCounters(video.id))?.comments).toBe(0);

    // The author deleting their own is no moderation: only the creator's and moderator's are logged.
    const lines = (await log()).filter((line) => line.action === 'delete_comment');
    expect(lines.map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual([
      { actor: moderator.user.username, target: fan.user.username, detail: 'second' },
      { actor: creator.user.username, target: fan.user.username, detail: 'first' },
    ]);
  });

  it('gives another creator’s moderator no say here (403)', async () => {
    const { fan, video } = await moderatedContent();
    const elsewhere = await moderatedContent();
    const path = `/api/comments/videos/${video.id}`;
    const thread = await postComment(fan, path, 'stays');
    expect((await remove(elsewhere.moderator, path, thread.comment.id)).status).toBe(403);
    expect((await remove(elsewhere.creator, path, thread.comment.id)).status).toBe(403);
    expect(await listed(path)).toEqual(['stays']);
  });
});

describe('pinning', () => {
  it('shows the pinned comment first with its flag; pinning another replaces it; unpin restores the order', async () => {
    const { creator, moderator, fan, stranger, short, log } = await moderatedContent();
    const path = `/api/comments/shorts/${short.id}`;
    const oldest = await postComment(fan, path, 'oldest');
    const middle = await postComment(fan, path, 'middle');
    await postComment(fan, path, 'newest');
    const reply = await postComment(stranger, path, 'a reply', oldest.comment.id);
    const pin = (actor: RegisteredUser, id: string, method = 'POST') =>
      actor.caller.json(`${path}/${id}/pin`, method);

    expect((await pin(stranger, oldest.comment.id)).status).toBe(403);
    expect((await pin(creator, reply.comment.id)).status).toBe(400);
    expect((await pin(creator, oldest.comment.id)).body).toEqual({ data: { pinnedId: oldest.comment.id } });
    const threads = await listComments(newCaller(), path);
    expect(threads.map((t) => [t.comment.content, t.comment.pinned])).toEqual([
      ['oldest', true],
      ['newest', false],
      ['middle', false],
    ]);
    expect(threads[0]?.replies.map((r) => r.comment.content)).toEqual(['a reply']);

    expect((await pin(moderator, middle.comment.id)).status).toBe(200);
    expect(await listed(path)).toEqual(['middle', 'newest', 'oldest']);
    const pinnedCount = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM comments WHERE video_id = ?1 AND pinned_at IS NOT NULL',
    )
      .bind(short.id)
      .first<{ n: number }>();
    expect(pinnedCount?.n).toBe(1);

    expect((await pin(creator, middle.comment.id, 'DELETE')).body).toEqual({ data: { pinnedId: null } });
    expect(await listed(path)).toEqual(['newest', 'middle', 'oldest']);
    expect((await log()).map((line) => line.action).slice(0, 3)).toEqual([
      'unpin_comment',
      'pin_comment',
      'pin_comment',
    ]);
  });
});

describe('comments held for a blocked term', () => {
  it('holds a comment with a blocked term: hidden and uncounted, seen by its author and the moderators, published on approval', async () => {
    const { creator, moderator, fan, stranger, video, log } = await moderatedContent(['spoiler']);
    const path = `/api/comments/videos/${video.id}`;
    await postComment(stranger, path, 'nice one');
    const held = await postComment(fan, path, 'SPOILER: he dies');
    expect(held.comment.held).toBe(true);
    expect(await listed(path)).toEqual(['nice one']);
    expect((await videoCounters(video.id))?.comments).toBe(1);

    expect(await heldFor(stranger, path)).toEqual({ canModerate: false, held: [] });
    const seenByAuthor = await heldFor(fan, path);
    expect(seenByAuthor.canModerate).toBe(false);
    expect(seenByAuthor.held.map((e) => [e.comment.content, e.comment.held])).toEqual([
      ['SPOILER: he dies', true],
    ]);
    for (const reviewer of [creator, moderator]) {
      const seen = await heldFor(reviewer, path);
      expect(seen.canModerate).toBe(true);
      expect(seen.held.map((e) => e.user.username)).toEqual([fan.user.username]);
    }
    // Nobody replies to it or pins it while it waits, and only moderators approve it.
    expect(
      (await fan.caller.json(path, 'POST', { userId: fan.user.id, content: 'me', parentId: held.comment.id }))
        .status,
    ).toBe(404);
    expect((await creator.caller.json(`${path}/${held.comment.id}/pin`, 'POST')).status).toBe(400);
    expect((await fan.caller.json(`${path}/${held.comment.id}/approve`, 'POST')).status).toBe(403);

    const approved = await moderator.caller.json(`${path}/${held.comment.id}/approve`, 'POST');
    expect(approved.body).toEqual({ data: { approved: true, commentCount: 2 } });
    expect(await listed(path)).toEqual(['SPOILER: he dies', 'nice one']);
    expect((await videoCounters(video.id))?.comments).toBe(2);
    expect((await heldFor(creator, path)).held).toEqual([]);
    expect((await creator.caller.json(`${path}/${held.comment.id}/approve`, 'POST')).status).toBe(400);
    expect((await log())[0]).toMatchObject({ action: 'approve_comment', target: fan.user.username });
  });

  it('matches terms whatever their case and accents, in replies and edits too, and lets the creator delete a held one', async () => {
    const { creator, fan, short } = await moderatedContent(['Café']);
    const path = `/api/comments/shorts/${short.id}`;
    const parent = await postComment(fan, path, 'a clean comment');
    expect((await postComment(fan, path, 'meet me at the CAFE')).comment.held).toBe(true);
    expect((await postComment(fan, path, 'cafe\u0301 reply', parent.comment.id)).comment.held).toBe(true);
    expect((await postComment(fan, path, 'a coffee shop')).comment.held).toBe(false);
    expect((await videoCounters(short.id))?.comments).toBe(2);

    // An edit that brings in a term holds a published comment and takes it out of the count.
    const edited = await fan.caller.json(`${path}/${parent.comment.id}`, 'PUT', {
      userId: fan.user.id,
      content: 'now with café',
    });
    expect(edited.status).toBe(200);
    expect((await videoCounters(short.id))?.comments).toBe(1);
    expect(await listed(path)).toEqual(['a coffee shop']);

    const heldComments = (await heldFor(creator, path)).held;
    expect(heldComments.map((e) => e.comment.content)).toEqual([
      'now with café',
      'meet me at the CAFE',
      'cafe\u0301 reply',
    ]);
    // Deleting a held comment takes its (held) reply with it, as any thread.
    const deleted = await remove(creator, path, parent.comment.id);
    expect(deleted.body).toEqual({ data: { deleted: true, commentCount: 1 } });
    expect((await heldFor(creator, path)).held.map((e) => e.comment.content)).toEqual([
      'meet me at the CAFE',
    ]);
  });

  it('publishes the creator’s and moderators’ own comments with a blocked term, as their chat does', async () => {
    const { creator, moderator, video } = await moderatedContent(['spoiler']);
    const path = `/api/comments/videos/${video.id}`;
    expect((await postComment(creator, path, 'no spoilers please')).comment.held).toBe(false);
    expect((await postComment(moderator, path, 'spoilers get held')).comment.held).toBe(false);
    expect((await videoCounters(video.id))?.comments).toBe(2);
  });

  it('lets nobody but its author and the creator report a held comment (404 for the rest)', async () => {
    const { creator, fan, stranger, video } = await moderatedContent(['spoiler']);
    const held = await postComment(fan, `/api/comments/videos/${video.id}`, 'a spoiler');
    const report = (actor: RegisteredUser) =>
      actor.caller.json('/api/reports', 'POST', {
        kind: 'comment',
        targetId: held.comment.id,
        reason: 'spam',
      });
    expect((await report(stranger)).status).toBe(404);
    expect((await report(creator)).status).toBe(201);
  });

  it('refuses the moderation list to a visitor (401) and answers 404 for content nobody has', async () => {
    const { fan, video } = await moderatedContent();
    expect((await newCaller().json(`/api/comments/videos/${video.id}/moderation`, 'GET')).status).toBe(401);
    expect((await fan.caller.json(`/api/comments/shorts/${video.id}/moderation`, 'GET')).status).toBe(404);
  });
});
