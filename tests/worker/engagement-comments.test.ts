import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import {
  COMMENT_MAX_LENGTH,
  CommentDeletedSchema,
  CommentEntrySchema,
  CommentThreadSchema,
} from '../../schema/engagement';
import { MESSAGES } from '../../schema/messages';
import { listComments, postComment } from '../factories/comments';
import { insertVideo } from '../factories/content';
import { creatorWithContent, registeredUser, unknownId, videoCounters } from '../factories/engagement';
import { errorMessage, newCaller } from './session';

describe('commenting', () => {
  it('adds a trimmed comment in the spec’s server form and counts it', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/videos/${video.id}`;
    const thread = await postComment(fan, path, '  Great video!  ');
    expect(thread).toMatchObject({
      comment: { userId: fan.user.id, videoId: video.id, content: 'Great video!', parentId: null },
      user: { username: fan.user.username, avatar: fan.user.avatar, fullName: fan.user.fullName },
      replies: [],
    });
    expect((await videoCounters(video.id))?.comments).toBe(1);
    expect(await listComments(newCaller(), path)).toEqual([thread]);
  });

  it('keeps a comment sent again with the same Idempotency-Key as one comment and answers the first', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/videos/${video.id}`;
    const send = (key: string, content = 'Sent from a flaky train') =>
      fan.caller.fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ userId: fan.user.id, content, parentId: null }),
      });
    // The first answer was lost; the queued comment goes again, twice at once for good measure.
    const answers = await Promise.all([send('temp-1'), send('temp-1'), send('temp-1')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const threads = await Promise.all(
      answers.map(async (answer) => dataEnvelope(CommentThreadSchema).parse(await answer.json()).data),
    );
    expect(new Set(threads.map((thread) => thread.comment.id)).size).toBe(1);
    expect((await videoCounters(video.id))?.comments).toBe(1);
    expect(await listComments(newCaller(), path)).toHaveLength(1);
    // Another key is another comment; the same key with other words is refused and writes nothing.
    expect((await send('temp-2')).status).toBe(201);
    expect((await send('temp-1', 'Something else')).status).toBe(422);
    expect((await videoCounters(video.id))?.comments).toBe(2);
  });

  it('nests replies under their parent, at any depth, and counts replies too', async () => {
    const { short } = await creatorWithContent();
    const [fan, other] = [await registeredUser(), await registeredUser()];
    const path = `/api/comments/shorts/${short.id}`;
    const first = await postComment(fan, path, 'first');
    const second = await postComment(other, path, 'second');
    const reply = await postComment(other, path, 'reply to first', first.comment.id);
    const nested = await postComment(fan, path, 'reply to reply', reply.comment.id);
    expect(reply.comment.parentId).toBe(first.comment.id);

    const threads = await listComments(newCaller(), path);
    expect(threads.map((t) => t.comment.content)).toEqual(['second', 'first']);
    expect(threads[0]?.replies).toEqual([]);
    expect(threads[1]?.replies).toEqual([{ ...reply, replies: [nested] }]);
    expect(second.replies).toEqual([]);
    expect((await videoCounters(short.id))?.comments).toBe(4);
  });

  it('stores HTML and SQL as plain text', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const hostile = `<script>alert("x")</script>'); DROP TABLE comments; --`;
    const thread = await postComment(fan, `/api/comments/videos/${video.id}`, hostile);
    expect(thread.comment.content).toBe(hostile);
    expect((await listComments(newCaller(), `/api/comments/videos/${video.id}`))[0]?.comment.content).toBe(
      hostile,
    );
  });

  it('pages top-level comments, 20 by default, with offset', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/videos/${video.id}`;
    for (let n = 0; n < 22; n++) await postComment(fan, path, `comment ${n}`);
    const visitor = newCaller();
    expect(await listComments(visitor, path)).toHaveLength(20);
    const rest = await listComments(visitor, `${path}?offset=20`);
    expect(rest.map((t) => t.comment.content)).toEqual(['comment 1', 'comment 0']);
    expect((await visitor.json(`${path}?limit=101`, 'GET')).status).toBe(400);
  });
});

describe('editing and deleting comments', () => {
  it('deletes a comment with its replies and updates the count', async () => {
    const { video } = await creatorWithContent();
    const [fan, other] = [await registeredUser(), await registeredUser()];
    const path = `/api/comments/videos/${video.id}`;
    const parent = await postComment(fan, path, 'parent');
    const reply = await postComment(other, path, 'reply', parent.comment.id);
    await postComment(fan, path, 'reply to reply', reply.comment.id);
    const kept = await postComment(other, path, 'kept');
    expect((await videoCounters(video.id))?.comments).toBe(4);

    const deleted = await fan.caller.json(`${path}/${parent.comment.id}`, 'DELETE', { userId: fan.user.id });
    expect(dataEnvelope(CommentDeletedSchema).parse(deleted.body).data).toEqual({
      deleted: true,
      commentCount: 1,
    });
    expect((await videoCounters(video.id))?.comments).toBe(1);
    expect(await listComments(newCaller(), path)).toEqual([kept]);
  });

  it('deletes a reply by the comment id in the body, as the spec’s client sends it', async () => {
    const { short } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/shorts/${short.id}`;
    const parent = await postComment(fan, path, 'parent');
    const reply = await postComment(fan, path, 'reply', parent.comment.id);
    const deleted = await fan.caller.json(path, 'DELETE', {
      userId: fan.user.id,
      commentId: reply.comment.id,
    });
    expect(deleted.body).toEqual({ data: { deleted: true, commentCount: 1 } });
    expect((await listComments(newCaller(), path))[0]?.replies).toEqual([]);
  });

  it('asks for a comment id when none is given', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const result = await fan.caller.json(`/api/comments/videos/${video.id}`, 'DELETE', {
      userId: fan.user.id,
    });
    expect(result.status).toBe(400);
    expect(errorMessage(result.body).message).toBe(MESSAGES.engagement.commentIdRequired);
  });

  it('edits the caller’s own comment, by path or body id', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/videos/${video.id}`;
    const thread = await postComment(fan, path, 'typo');
    const edited = await fan.caller.json(`${path}/${thread.comment.id}`, 'PUT', {
      userId: fan.user.id,
      content: ' fixed ',
    });
    const entry = dataEnvelope(CommentEntrySchema).parse(edited.body).data;
    expect(entry.comment).toMatchObject({ id: thread.comment.id, content: 'fixed' });
    expect(entry.comment.updatedAt).not.toBeNull();
    const byBody = await fan.caller.json(path, 'PUT', {
      userId: fan.user.id,
      content: 'again',
      commentId: thread.comment.id,
    });
    expect(byBody.status).toBe(200);
    expect((await listComments(newCaller(), path))[0]?.comment.content).toBe('again');
  });

  it("refuses to edit or delete someone else's comment with 403", async () => {
    const { video } = await creatorWithContent();
    const [author, intruder] = [await registeredUser(), await registeredUser()];
    const path = `/api/comments/videos/${video.id}`;
    const thread = await postComment(author, path, 'mine');
    const target = `${path}/${thread.comment.id}`;
    const userId = intruder.user.id;
    expect((await intruder.caller.json(target, 'DELETE', { userId })).status).toBe(403);
    expect((await intruder.caller.json(target, 'PUT', { userId, content: 'hacked' })).status).toBe(403);
    expect((await listComments(newCaller(), path))[0]?.comment.content).toBe('mine');
    expect((await videoCounters(video.id))?.comments).toBe(1);
  });
});

describe('refusing comments', () => {
  it('answers 404 for unknown content, a wrong kind, and unknown or foreign comments', async () => {
    const { video, short } = await creatorWithContent();
    const fan = await registeredUser();
    const userId = fan.user.id;
    const onShort = await postComment(fan, `/api/comments/shorts/${short.id}`, 'on the short');
    const cases: Array<[string, string, object, string]> = [
      [`/api/comments/videos/${unknownId()}`, 'POST', { userId, content: 'x' }, 'Video not found'],
      [`/api/comments/videos/${short.id}`, 'POST', { userId, content: 'x' }, 'Video not found'],
      [`/api/comments/shorts/${video.id}`, 'GET', {}, 'Short not found'],
      [
        `/api/comments/videos/${video.id}`,
        'POST',
        { userId, content: 'x', parentId: unknownId() },
        'Comment not found',
      ],
      [
        `/api/comments/videos/${video.id}`,
        'POST',
        { userId, content: 'x', parentId: onShort.comment.id },
        'Comment not found',
      ],
      [`/api/comments/videos/${video.id}/${onShort.comment.id}`, 'DELETE', { userId }, 'Comment not found'],
      [
        `/api/comments/videos/${video.id}/${unknownId()}`,
        'PUT',
        { userId, content: 'x' },
        'Comment not found',
      ],
    ];
    for (const [path, method, body, message] of cases) {
      const result =
        method === 'GET' ? await fan.caller.json(path, method) : await fan.caller.json(path, method, body);
      expect(result.status, `${method} ${path}`).toBe(404);
      expect(errorMessage(result.body).message).toBe(message);
    }
    expect((await videoCounters(video.id))?.comments).toBe(0);
  });

  it("hides someone else's private video and its comments (404)", async () => {
    const { creator } = await creatorWithContent();
    const hidden = await insertVideo(env.DB, creator.user.id, { isPublic: false });
    const fan = await registeredUser();
    const path = `/api/comments/videos/${hidden.id}`;
    expect((await fan.caller.json(path, 'POST', { userId: fan.user.id, content: 'hi' })).status).toBe(404);
    await postComment(creator, path, 'note to self');
    expect((await newCaller().json(path, 'GET')).status).toBe(404);
    expect(await listComments(creator.caller, path)).toHaveLength(1);
  });

  it('refuses empty, whitespace-only, missing and oversize text with 400', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const path = `/api/comments/videos/${video.id}`;
    for (const [content, message] of [
      ['', 'content: Comment cannot be empty'],
      ['   \n\t ', 'content: Comment cannot be empty'],
      [undefined, 'content: Comment text is required'],
      [
        'x'.repeat(COMMENT_MAX_LENGTH + 1),
        `content: Comment must be at most ${COMMENT_MAX_LENGTH} characters`,
      ],
    ] as const) {
      const result = await fan.caller.json(path, 'POST', { userId: fan.user.id, content });
      expect(result.status).toBe(400);
      expect(errorMessage(result.body).message).toBe(message);
    }
    expect((await videoCounters(video.id))?.comments).toBe(0);
  });

  it('refuses visitors (401) and a comment in another user’s name (403)', async () => {
    const { video } = await creatorWithContent();
    const [fan, other] = [await registeredUser(), await registeredUser()];
    const path = `/api/comments/videos/${video.id}`;
    expect((await newCaller().json(path, 'POST', { content: '' })).status).toBe(401);
    expect((await newCaller().json(`${path}/${unknownId()}`, 'DELETE', {})).status).toBe(401);
    expect((await newCaller().json(`${path}/${unknownId()}`, 'PUT', {})).status).toBe(401);
    expect((await fan.caller.json(path, 'POST', { userId: other.user.id, content: 'hi' })).status).toBe(403);
    expect((await videoCounters(video.id))?.comments).toBe(0);
  });
});
