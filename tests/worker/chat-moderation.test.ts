import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { ChatModerationSchema, ModerationLogEntrySchema } from '../../schema/chat-moderation';
import { registeredUser } from '../factories/engagement';
import { streamer } from '../factories/live';
import { errorMessage, newCaller, signIn } from './session';

/**
 * Who may moderate whose chat (issue 24 §1): the server checks the role on every route; the rooms'
 * enforcement of what is written is proved over real sockets in tests/party/chat-moderation.test.ts.
 */

const path = (room: string, rest = '') => `/api/chat/${room}/moderation${rest}`;
const rules = {
  slowModeSeconds: 10,
  followersOnlyMinutes: null,
  blockedTerms: ['spoiler'],
  linksAllowed: true,
};

/** A creator with a stream, one of their moderators, and a plain viewer. */
const cast = async () => {
  const [creator, moderator, viewer] = await Promise.all([streamer(), registeredUser(), registeredUser()]);
  const room = creator.key.id;
  const added = await creator.caller.json(path(room, '/moderators'), 'POST', {
    username: moderator.user.username,
  });
  expect(added.status).toBe(201);
  return { creator, moderator, viewer, room };
};

const tableCount = async (table: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

describe('chat moderation routes', () => {
  it('refuse a visitor with 401 and a user without a profile with 403', async () => {
    const { room } = await cast();
    expect((await newCaller().json(path(room), 'GET')).status).toBe(401);
    const { caller } = await signIn();
    expect((await caller.json(path(room, '/sanctions'), 'POST', { username: 'anyone' })).status).toBe(403);
  });

  it('tell each caller their role, and show rules, moderators and sanctions only to moderators', async () => {
    const { creator, moderator, viewer, room } = await cast();
    const read = async (caller: typeof viewer.caller) =>
      dataEnvelope(ChatModerationSchema).parse((await caller.json(path(room), 'GET')).body).data;
    expect(await read(viewer.caller)).toEqual({ role: 'viewer', rules: null, moderators: [], sanctions: [] });
    expect(await read(moderator.caller)).toMatchObject({
      role: 'moderator',
      moderators: [moderator.user.username],
    });
    expect((await read(creator.caller)).role).toBe('creator');
  });

  it('let a moderator time out, ban and lift, and nobody but the creator change rules or moderators', async () => {
    const { creator, moderator, viewer, room } = await cast();
    const target = (await registeredUser()).user.username;
    expect((await viewer.caller.json(path(room, '/sanctions'), 'POST', { username: target })).status).toBe(
      403,
    );
    const timeout = await moderator.caller.json(path(room, '/sanctions'), 'POST', {
      username: target,
      minutes: 10,
    });
    expect(timeout.status).toBe(201);
    const listed = dataEnvelope(ChatModerationSchema).parse(
      (await creator.caller.json(path(room), 'GET')).body,
    );
    expect(listed.data.sanctions).toMatchObject([{ username: target, kind: 'timeout' }]);
    expect((await moderator.caller.json(path(room, `/sanctions/${target}`), 'DELETE')).status).toBe(200);

    for (const caller of [moderator.caller, viewer.caller]) {
      const changed = await caller.json(path(room, '/rules'), 'PUT', rules);
      expect(changed.status).toBe(403);
      expect(errorMessage(changed.body).message).toBe('Only the streamer can do that');
      expect((await caller.json(path(room, '/moderators'), 'POST', { username: target })).status).toBe(403);
    }
    expect(await tableCount('chat_rules')).toBe(0);
    expect((await creator.caller.json(path(room, '/rules'), 'PUT', rules)).status).toBe(200);
    const read = dataEnvelope(ChatModerationSchema).parse(
      (await creator.caller.json(path(room), 'GET')).body,
    );
    expect(read.data.rules).toEqual(rules);
  });

  it("give a moderator of one creator no power in another creator's chat", async () => {
    const { moderator } = await cast();
    const elsewhere = await streamer();
    const target = (await registeredUser()).user.username;
    const result = await moderator.caller.json(path(elsewhere.key.id, '/sanctions'), 'POST', {
      username: target,
    });
    expect(result.status).toBe(403);
    expect(errorMessage(result.body).message).toBe('Only the streamer and their moderators can do that');
  });

  it('never sanction the creator or a moderator', async () => {
    const { creator, moderator, room } = await cast();
    for (const username of [creator.user.username, moderator.user.username]) {
      const result = await moderator.caller.json(path(room, '/sanctions'), 'POST', { username });
      expect(result.status).toBe(403);
      expect(errorMessage(result.body).message).toBe(
        'The streamer and moderators cannot be timed out or banned',
      );
    }
    expect(await tableCount('chat_sanctions')).toBe(0);
  });

  it('refuse bad input with 400 or 404 and write nothing', async () => {
    const { creator, room } = await cast();
    const before = await tableCount('moderation_log');
    const refused = [
      await creator.caller.json(path(room, '/sanctions'), 'POST', { username: 'nobody_here_at_all' }),
      await creator.caller.json(path(room, '/sanctions'), 'POST', { username: 'x', minutes: 5 }),
      await creator.caller.json(path(room, '/rules'), 'PUT', { ...rules, slowModeSeconds: 601 }),
      await creator.caller.json(path(room, '/rules'), 'PUT', { ...rules, blockedTerms: [''] }),
      await creator.caller.json(path(room, '/moderators'), 'POST', { username: creator.user.username }),
      await creator.caller.json(path(room, '/messages/no-such-message'), 'DELETE'),
      await creator.caller.json(path('not-a-room', '/sanctions'), 'POST', { username: 'x' }),
    ];
    expect(refused.map((result) => result.status)).toEqual([404, 400, 400, 400, 400, 404, 404]);
    expect(await tableCount('moderation_log')).toBe(before);
  });

  it('log who did what to whom, newest first, for the creator and moderators only', async () => {
    const { creator, moderator, viewer, room } = await cast();
    const target = (await registeredUser()).user.username;
    await moderator.caller.json(path(room, '/sanctions'), 'POST', { username: target });
    await moderator.caller.json(path(room, `/sanctions/${target}`), 'DELETE');
    expect((await viewer.caller.json(path(room, '/log'), 'GET')).status).toBe(403);
    const log = dataEnvelope(z.array(ModerationLogEntrySchema)).parse(
      (await creator.caller.json(path(room, '/log'), 'GET')).body,
    ).data;
    expect(log.map(({ action, actor, target }) => [action, actor, target])).toEqual([
      ['unban', moderator.user.username, target],
      ['ban', moderator.user.username, target],
      ['add_moderator', creator.user.username, moderator.user.username],
    ]);
  });
});
