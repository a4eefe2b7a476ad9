import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema } from '../../schema/chat';
import { ChatServerMessageSchema } from '../../schema/live';
import { ReplayChatLineSchema, ReplaySchema } from '../../schema/replay';
import { registeredUser } from '../factories/engagement';
import { prepareSession, streamer } from '../factories/live';
import { pushVariants } from './live-helpers';
import { chatFrame, openSocket } from './room-socket';
import { newCaller } from './session';

/**
 * A replay keeps its broadcast's chat (issue 24 §4): the room archives what it accepts while the
 * stream is live, a moderator's delete stays a delete, and the replay answers the lines of its own
 * run with their time into the video, to whoever may watch it. Real time here (no mocked live
 * clock): the chat's clock and the ingest's must agree, as they do in production.
 */

type Speaker = { say: (text: string) => Promise<string>; close: () => void };

const speakerIn = async (room: string): Promise<Speaker> => {
  const fan = await registeredUser();
  const token = dataEnvelope(ChatTokenSchema).parse(
    (await fan.caller.json(`/api/chat/token?room=${room}`, 'GET')).body,
  ).data.token;
  const socket = await openSocket(`/parties/chat/${room}?token=${encodeURIComponent(token)}`);
  await socket.waitFor(chatFrame('recent_messages'));
  return {
    say: async (text) => {
      socket.socket.send(JSON.stringify({ type: 'chat_message', message: text }));
      const frame = ChatServerMessageSchema.parse(
        await socket.waitFor((raw) => {
          const parsed = ChatServerMessageSchema.safeParse(raw).data;
          return parsed?.type === 'chat_message' && parsed.message.message === text;
        }),
      );
      if (frame.type !== 'chat_message') throw new Error('no line');
      return frame.message.id;
    },
    close: () => socket.socket.close(),
  };
};

const archived = async (room: string) =>
  (
    await env.DB.prepare('SELECT message, deleted_at FROM chat_archive WHERE room = ?1 ORDER BY sent_at')
      .bind(room)
      .all<{ message: string; deleted_at: string | null }>()
  ).results;

/** Waits for the room's archive write, which follows its 60 ms delivery tick. */
const untilArchived = async (room: string, count: number) => {
  for (let i = 0; i < 100 && (await archived(room)).length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return archived(room);
};

describe('a replay’s chat', { timeout: 30_000 }, () => {
  it('keeps what was said on air, in order with its time into the video, without deleted lines', async () => {
    const owner = await streamer();
    const room = owner.key.id;
    const session = await prepareSession(owner, room, { title: 'Chatty night', start: false });
    const speaker = await speakerIn(room);

    // Prepared but not yet started: said to nobody's broadcast, so not kept.
    await speaker.say('anyone here?');
    expect((await owner.caller.json(`/api/sessions/${session.id}/start`, 'POST')).status).toBe(200);
    await pushVariants(owner.key.key, ['index'], 0, 1);
    await speaker.say('first!');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const regret = await speaker.say('something to delete');
    await pushVariants(owner.key.key, ['index'], 2, 3);
    await speaker.say('gg');
    expect((await untilArchived(room, 3)).map((line) => line.message)).toEqual([
      'first!',
      'something to delete',
      'gg',
    ]);
    const removed = await owner.caller.json(`/api/chat/${room}/moderation/messages/${regret}`, 'DELETE');
    expect(removed.status).toBe(200);
    await pushVariants(owner.key.key, ['index'], 4, 4, { endAt: 4 });
    speaker.close();

    const replays = await newCaller().json(`/api/sessions/replays/user/${owner.user.id}`, 'GET');
    const [replay] = dataEnvelope(z.array(ReplaySchema)).parse(replays.body).data;
    if (!replay) throw new Error('no replay');
    const answer = await newCaller().json(`/api/sessions/replays/${replay.id}/chat`, 'GET');
    expect(answer.status).toBe(200);
    const lines = dataEnvelope(z.array(ReplayChatLineSchema)).parse(answer.body).data;
    expect(lines.map((line) => line.message)).toEqual(['first!', 'gg']);
    const [first, last] = lines;
    expect(first?.offsetSeconds).toBeGreaterThanOrEqual(0);
    expect(last!.offsetSeconds).toBeGreaterThan(first!.offsetSeconds);
    expect(last!.offsetSeconds).toBeLessThan(replay.durationSeconds + 60);
  });

  it('is read by whoever may watch the replay, and goes with it', async () => {
    const owner = await streamer();
    const room = owner.key.id;
    await prepareSession(owner, room);
    const speaker = await speakerIn(room);
    await pushVariants(owner.key.key, ['index'], 0, 0);
    await speaker.say('hello replay');
    await untilArchived(room, 1);
    await pushVariants(owner.key.key, ['index'], 1, 1, { endAt: 1 });
    speaker.close();
    const replays = await owner.caller.json(`/api/sessions/replays/user/${owner.user.id}`, 'GET');
    const [replay] = dataEnvelope(z.array(ReplaySchema)).parse(replays.body).data;
    if (!replay) throw new Error('no replay');

    expect((await newCaller().json(`/api/sessions/replays/${crypto.randomUUID()}/chat`, 'GET')).status).toBe(
      404,
    );
    expect((await owner.caller.json(`/api/sessions/replays/${replay.id}`, 'DELETE')).status).toBe(200);
    expect((await owner.caller.json(`/api/sessions/replays/${replay.id}/chat`, 'GET')).status).toBe(404);
    expect(await archived(room)).toEqual([]);
  });
});
