import { afterEach, describe, expect, it } from 'vitest';
import type { ChatServerMessage } from '../../schema/live';
import { type ChatClient, connectChat } from './chat-client';
import { type ChatUser, registerUser } from './chat-user';

/**
 * Chat moderation over real WebSockets (issue 24 §1): the worker writes what a moderator decides,
 * the room enforces it on every send, on whichever shard the sender's sockets are.
 */

const open: ChatClient[] = [];
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

const join = async (room: string, user?: ChatUser) => {
  const client = await connectChat(room, user ? await user.chatToken(room) : undefined);
  open.push(client);
  return client;
};

const moderate = (user: ChatUser, room: string, path: string, method: string, body?: unknown) =>
  user.call(`/api/chat/${room}/moderation${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const isLine = (text: string) => (frame: ChatServerMessage) =>
  frame.type === 'chat_message' && frame.message.message === text;
const isError = (text: string) => (frame: ChatServerMessage) =>
  frame.type === 'error' && frame.message === text;
const errorsOf = (client: ChatClient) =>
  client.received.flatMap((frame) => (frame.type === 'error' ? [frame.message] : []));

/**
 * Joins `count` sockets of `user`, which sit on at least two different shards: the test worker's
 * shards hold 3 sockets each (`CHAT_SHARD_CAPACITY`, tests/party/global-setup.ts).
 */
const socketsOnShards = async (room: string, user: ChatUser, count: number) => {
  const clients = await Promise.all(Array.from({ length: count }, () => join(room, user)));
  expect(new Set(clients.map((client) => client.shard())).size).toBeGreaterThanOrEqual(2);
  return clients;
};

/** A creator with a stream (one key per account, so one room each) and a viewer who will misbehave. */
const stage = async () => {
  const [creator, viewer, bystander] = await Promise.all([registerUser(), registerUser(), registerUser()]);
  return { creator, viewer, bystander, room: await creator.openStream() };
};

describe('chat moderation over sockets on several shards', () => {
  it("refuses a banned user's sends on every socket and shard, lets others speak, and lifts", async () => {
    const { creator, viewer, bystander, room } = await stage();
    const sockets = await socketsOnShards(room, viewer, 6);
    const ban = await moderate(creator, room, '/sanctions', 'POST', { username: viewer.username });
    expect(ban.status).toBe(201);
    for (const client of sockets) {
      client.send('let me in');
      await client.waitFor(isError('You are banned from this chat'));
    }
    // A ban does not end watching: the banned sockets still receive the others' messages.
    const other = await join(room, bystander);
    other.send('still here');
    for (const client of [other, ...sockets]) await client.waitFor(isLine('still here'));
    expect(other.received.filter(isLine('let me in'))).toEqual([]);

    const lift = await moderate(creator, room, `/sanctions/${viewer.username}`, 'DELETE');
    expect(lift.status).toBe(200);
    sockets[5]?.send('back again');
    await other.waitFor(isLine('back again'));
  });

  it('holds a timeout across a reconnect and tells the user how long is left', async () => {
    const { creator, viewer, room } = await stage();
    const timeout = await moderate(creator, room, '/sanctions', 'POST', {
      username: viewer.username,
      minutes: 10,
    });
    expect(timeout.status).toBe(201);
    const first = await join(room, viewer);
    first.send('hello?');
    await first.waitFor(isError('You are timed out for 10 minutes'));
    first.close();
    const again = await join(room, viewer);
    again.send('hello again?');
    await again.waitFor(isError('You are timed out for 10 minutes'));
  });

  it('takes a deleted message out of every open chat and out of the history new joiners get', async () => {
    const { creator, viewer, room } = await stage();
    const speaker = await join(room, viewer);
    const watchers = await socketsOnShards(room, creator, 4);
    speaker.send('something regrettable');
    speaker.send('something fine');
    const said = await watchers[0]?.waitFor(isLine('something regrettable'));
    if (said?.type !== 'chat_message') throw new Error('no message to delete');
    await watchers[0]?.waitFor(isLine('something fine'));

    const removed = await moderate(creator, room, `/messages/${said.message.id}`, 'DELETE');
    expect(removed.status).toBe(200);
    for (const client of [speaker, ...watchers]) {
      await client.waitFor(
        (frame) => frame.type === 'message_deleted' && frame.messageId === said.message.id,
      );
    }
    const newcomer = await join(room);
    const welcome = newcomer.received.find((frame) => frame.type === 'recent_messages');
    expect(welcome?.type === 'recent_messages' && welcome.messages.map((line) => line.message)).toEqual([
      'something fine',
    ]);
    expect((await moderate(creator, room, `/messages/${said.message.id}`, 'DELETE')).status).toBe(404);
  });

  it("applies the creator's slow mode, blocked terms and links to viewers, not to a moderator", async () => {
    const { creator, viewer, bystander: moderator, room } = await stage();
    const rules = {
      slowModeSeconds: 30,
      followersOnlyMinutes: null,
      blockedTerms: ['Spoiler'],
      linksAllowed: false,
    };
    expect((await moderate(creator, room, '/rules', 'PUT', rules)).status).toBe(200);
    expect(
      (await moderate(creator, room, '/moderators', 'POST', { username: moderator.username })).status,
    ).toBe(201);
    const fan = await join(room, viewer);
    fan.send('the SPÖILER is near');
    await fan.waitFor(isError('Your message contains a blocked term'));
    fan.send('visit spam.com');
    await fan.waitFor(isError('Links are not allowed in this chat'));
    fan.send('first');
    await fan.waitFor(isLine('first'));
    fan.send('second');
    await fan.waitFor(
      (frame) => frame.type === 'error' && /^Slow mode: wait (29|30) seconds$/.test(frame.message),
    );

    const mod = await join(room, moderator);
    for (const text of ['spoiler alert', 'see spam.com', 'and again']) {
      mod.send(text);
      await mod.waitFor(isLine(text));
    }
    expect(errorsOf(mod)).toEqual([]);
  });

  it('keeps a followers-only chat to followers', async () => {
    const { creator, viewer, room } = await stage();
    const rules = { slowModeSeconds: 0, followersOnlyMinutes: 0, blockedTerms: [], linksAllowed: false };
    expect((await moderate(creator, room, '/rules', 'PUT', rules)).status).toBe(200);
    const fan = await join(room, viewer);
    fan.send('hi');
    await fan.waitFor(isError('Only followers can chat here'));
    const body = JSON.stringify({ followerId: viewer.userId, followingId: creator.userId });
    expect((await viewer.call('/api/users/follow', { method: 'POST', body })).status).toBe(200);
    fan.send('now following');
    await fan.waitFor(isLine('now following'));
  });
});
