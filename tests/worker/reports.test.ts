import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema } from '../../schema/chat';
import { CommentThreadSchema } from '../../schema/engagement';
import { ChatServerMessageSchema } from '../../schema/live';
import { sendTipNotification } from '../../worker/api/chat/rooms';
import { creatorWithContent, registeredUser } from '../factories/engagement';
import { streamer } from '../factories/live';
import { chatFrame, openSocket } from './room-socket';
import { errorMessage, newCaller, signIn } from './session';

/** Reports to the platform (issue 24 §1): what is stored, for whom, and what is refused. */

const reportRows = async () =>
  (
    await env.DB.prepare(
      'SELECT reporter_id, kind, target_id, room, author_id, excerpt, reason, status FROM reports ORDER BY created_at',
    ).all()
  ).results;

describe('POST /api/reports', () => {
  it('refuses a visitor (401) and a user without a profile (403), and stores nothing', async () => {
    const { video } = await creatorWithContent();
    const body = { kind: 'video', targetId: video.id, reason: 'spam' };
    expect((await newCaller().json('/api/reports', 'POST', body)).status).toBe(401);
    const { caller } = await signIn();
    expect((await caller.json('/api/reports', 'POST', body)).status).toBe(403);
    expect(await reportRows()).toEqual([]);
  });

  it('keeps one report of a video per reporter, with its uploader and title', async () => {
    const { creator, video } = await creatorWithContent({ title: 'Totally real giveaway' });
    const fan = await registeredUser();
    for (const reason of ['spam', 'hate']) {
      const result = await fan.caller.json('/api/reports', 'POST', {
        kind: 'video',
        targetId: video.id,
        reason,
      });
      expect(result.status).toBe(201);
    }
    expect(await reportRows()).toEqual([
      {
        reporter_id: fan.user.id,
        kind: 'video',
        target_id: video.id,
        room: null,
        author_id: creator.user.id,
        excerpt: 'Totally real giveaway',
        reason: 'spam',
        status: 'open',
      },
    ]);
  });

  it('keeps the words of a reported comment', async () => {
    const { video } = await creatorWithContent();
    const [author, reporter] = await Promise.all([registeredUser(), registeredUser()]);
    const posted = await author.caller.json(`/api/comments/videos/${video.id}`, 'POST', {
      userId: author.user.id,
      content: 'you are all idiots',
    });
    const comment = dataEnvelope(CommentThreadSchema).parse(posted.body).data.comment;
    const result = await reporter.caller.json('/api/reports', 'POST', {
      kind: 'comment',
      targetId: comment.id,
      reason: 'harassment',
    });
    expect(result.status).toBe(201);
    expect(await reportRows()).toMatchObject([
      { kind: 'comment', author_id: author.user.id, excerpt: 'you are all idiots', reason: 'harassment' },
    ]);
  });

  it("reports a chat message the room still holds, with its author and words, but not a tip's line", async () => {
    const owner = await streamer();
    const [speaker, reporter] = await Promise.all([registeredUser(), registeredUser()]);
    const room = owner.key.id;
    const token = dataEnvelope(ChatTokenSchema).parse(
      (await speaker.caller.json(`/api/chat/token?room=${room}`, 'GET')).body,
    ).data.token;
    const socket = await openSocket(`/parties/chat/${room}?token=${encodeURIComponent(token)}`);
    await socket.waitFor(chatFrame('recent_messages'));
    socket.socket.send(JSON.stringify({ type: 'chat_message', message: 'buy followers at my site' }));
    const said = ChatServerMessageSchema.parse(await socket.waitFor(chatFrame('chat_message')));
    if (said.type !== 'chat_message') throw new Error('no chat message');
    const tip = await sendTipNotification(env, room, {
      tipperName: 'bob',
      receiverName: owner.user.username,
      giftName: 'Rose',
      giftIcon: '🌹',
      amount: 1,
    });

    const report = (targetId: string, inRoom = room) =>
      reporter.caller.json('/api/reports', 'POST', {
        kind: 'chat_message',
        targetId,
        room: inRoom,
        reason: 'spam',
      });
    expect((await report(said.message.id)).status).toBe(201);
    const refused = await report(tip.id);
    expect(refused.status).toBe(404);
    expect(errorMessage(refused.body).message).toBe('There is nothing to report here any more');
    expect((await report('no-such-message')).status).toBe(404);
    expect((await report(said.message.id, 'not-a-room')).status).toBe(404);
    expect(await reportRows()).toMatchObject([
      { kind: 'chat_message', room, author_id: speaker.user.id, excerpt: 'buy followers at my site' },
    ]);
    socket.socket.close();
  });

  it("refuses what the reporter cannot see (someone's private video), unknown things and bad reasons", async () => {
    const { video } = await creatorWithContent({ isPublic: false });
    const fan = await registeredUser();
    const answers = await Promise.all([
      fan.caller.json('/api/reports', 'POST', { kind: 'video', targetId: video.id, reason: 'spam' }),
      fan.caller.json('/api/reports', 'POST', {
        kind: 'comment',
        targetId: crypto.randomUUID(),
        reason: 'spam',
      }),
      fan.caller.json('/api/reports', 'POST', { kind: 'video', targetId: video.id, reason: 'boring' }),
      fan.caller.json('/api/reports', 'POST', { kind: 'playlist', targetId: video.id, reason: 'spam' }),
      fan.caller.json('/api/reports', 'POST', { kind: 'chat_message', targetId: 'x', reason: 'spam' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 400, 400, 400]);
    expect(await reportRows()).toEqual([]);
  });
});
