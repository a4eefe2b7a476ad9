import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_SOCKETS_PER_VIEWER, TOO_MANY_SOCKETS_TEXT } from '../../party/viewers';
import { dataEnvelope } from '../../schema/api';
import { LiveSessionSchema } from '../../schema/live-session';
import { freshAddress } from './chat-client';
import { type ChatUser, registerUser } from './chat-user';
import { pause } from './wait';

/**
 * The live viewer count over real WebSockets (issue 23 §3): people, not sockets. The room writes it
 * to the stream's current session 2 s after a change; `/api/sessions/live/<stream>` answers it, as
 * the live page shows it ("N watching").
 */

/**
 * A socket the room let in (its shard), or refused: the error frame it got, and its close (code,
 * reason), which local workerd completes only ~10 s after the frame, so only some tests wait for it.
 */
type Outcome =
  | { socket: WebSocket; shard: string }
  | { error: string; closed: Promise<{ code: number; reason: string }> };

const open: WebSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/** Opens a chat socket from `address`, with a token when given; resolves when let in or refused. */
const connect = (room: string, address: string, token?: string): Promise<Outcome> =>
  new Promise((resolve, reject) => {
    const url = new URL(`/parties/chat/${room}`, inject('workerUrl').replace('http', 'ws'));
    if (token) url.searchParams.set('token', token);
    const socket = new WebSocket(url, { headers: { 'CF-Connecting-IP': address } });
    open.push(socket);
    const closed = new Promise<{ code: number; reason: string }>((settle) =>
      socket.once('close', (code, reason) => settle({ code, reason: String(reason) })),
    );
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; shard?: string; message?: string };
      if (frame.type === 'recent_messages') resolve({ socket, shard: String(frame.shard) });
      if (frame.type === 'error') resolve({ error: String(frame.message), closed });
    });
    socket.once('error', reject);
  });
const admitted = (outcomes: Outcome[]) => outcomes.flatMap((o) => ('socket' in o ? [o] : []));
const refused = (outcomes: Outcome[]) => outcomes.flatMap((o) => ('error' in o ? [o] : []));

/** Opens `count` sockets, `concurrency` at a time (a join storm, bounded so loopback keeps up). */
const connectMany = async (count: number, open: () => Promise<Outcome>, concurrency = 50) => {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < count; i += concurrency) {
    outcomes.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, count - i) }, open))));
  }
  return outcomes;
};

/** A new creator's stream (one key per account) with a prepared session: its room, and the viewer count its session shows. */
const stage = async () => {
  const creator = await registerUser();
  const room = await creator.openStream();
  const prepared = await creator.call('/api/sessions', {
    method: 'POST',
    body: JSON.stringify({ streamKeyId: room, title: 'Counting viewers' }),
  });
  expect(prepared.status).toBe(201);
  const viewerCount = async () => {
    const response = await fetch(new URL(`/api/sessions/live/${room}`, inject('workerUrl')));
    return dataEnvelope(LiveSessionSchema).parse(await response.json()).data.stream_sessions.viewerCount;
  };
  /** Waits for the session to show `expected` (the room writes 2 s after a change); answers what it showed. */
  const settlesAt = async (expected: number) => {
    const deadline = Date.now() + 10_000;
    let shown = await viewerCount();
    while (shown !== expected && Date.now() < deadline) {
      await pause(250);
      shown = await viewerCount();
    }
    return shown;
  };
  return { room, settlesAt };
};

let users: ChatUser[];
beforeAll(async () => {
  users = await Promise.all(Array.from({ length: 3 }, () => registerUser()));
});

describe('the live viewer count counts people, not sockets', () => {
  it('counts 300 token-less sockets from one address as one viewer, and refuses all past the 10th with the reason', async () => {
    const { room, settlesAt } = await stage();
    const address = freshAddress();
    const outcomes = await connectMany(300, () => connect(room, address));
    expect(admitted(outcomes)).toHaveLength(MAX_SOCKETS_PER_VIEWER);
    expect(refused(outcomes)).toHaveLength(300 - MAX_SOCKETS_PER_VIEWER);
    for (const refusal of refused(outcomes)) expect(refusal.error).toBe(TOO_MANY_SOCKETS_TEXT.address);
    // Another address is another visitor, let in and counted.
    expect(admitted([await connect(room, freshAddress())])).toHaveLength(1);
    expect(await settlesAt(2)).toBe(2);
    // The refused sockets are closed as a policy violation, with the reason.
    expect(await refused(outcomes)[0]?.closed).toEqual({ code: 1008, reason: TOO_MANY_SOCKETS_TEXT.address });
  }, 30_000);

  it('counts a signed-in user in 5 tabs over several shards once, and no one once they all close', async () => {
    const { room, settlesAt } = await stage();
    const [viewer] = users;
    if (!viewer) throw new Error('no viewer');
    const token = await viewer.chatToken(room);
    const tabs = admitted(await connectMany(5, () => connect(room, freshAddress(), token)));
    expect(tabs).toHaveLength(5);
    expect(new Set(tabs.map((tab) => tab.shard)).size).toBeGreaterThanOrEqual(2);
    expect(await settlesAt(1)).toBe(1);

    for (const tab of tabs) tab.socket.close();
    expect(await settlesAt(0)).toBe(0);
  });

  it('keeps the count right, tab by tab, when a close wakes a hibernated shard', async () => {
    const { room, settlesAt } = await stage();
    const [viewer] = users;
    if (!viewer) throw new Error('no viewer');
    const token = await viewer.chatToken(room);
    const tabs = admitted(await connectMany(2, () => connect(room, freshAddress(), token)));
    const visitor = admitted([await connect(room, freshAddress())]);
    expect(tabs).toHaveLength(2);
    expect(await settlesAt(2)).toBe(2);
    // Idle long enough for local workerd to hibernate the shard: the first close then wakes it, and
    // what it tells the room on waking must not count the closing tab twice.
    await pause(15_000);
    tabs[0]?.socket.close();
    await pause(3000);
    expect(await settlesAt(2)).toBe(2);
    tabs[1]?.socket.close();
    expect(await settlesAt(1)).toBe(1);
    visitor[0]?.socket.close();
    expect(await settlesAt(0)).toBe(0);
  }, 60_000);

  it('counts 3 signed-in users in 2 tabs each as 3', async () => {
    const { room, settlesAt } = await stage();
    const tokens = await Promise.all(users.map((user) => user.chatToken(room)));
    const outcomes = await Promise.all(
      tokens.flatMap((token) => [connect(room, freshAddress(), token), connect(room, freshAddress(), token)]),
    );
    expect(admitted(outcomes)).toHaveLength(6);
    expect(await settlesAt(3)).toBe(3);
  });

  it("refuses a signed-in user's 11th socket, from any address", async () => {
    const { room } = await stage();
    const [viewer] = users;
    if (!viewer) throw new Error('no viewer');
    const token = await viewer.chatToken(room);
    const tabs = await connectMany(MAX_SOCKETS_PER_VIEWER, () => connect(room, freshAddress(), token));
    expect(admitted(tabs)).toHaveLength(MAX_SOCKETS_PER_VIEWER);
    const eleventh = refused([await connect(room, freshAddress(), token)]);
    expect(eleventh.map((refusal) => refusal.error)).toEqual([TOO_MANY_SOCKETS_TEXT.user]);
    // A closed tab frees its place.
    const [first] = admitted(tabs);
    first?.socket.close();
    await pause(300);
    expect(admitted([await connect(room, freshAddress(), token)])).toHaveLength(1);
  });

  it('lets a classroom of signed-in users behind one address in, each counted: the address cap is for sockets without a token', async () => {
    const { room, settlesAt } = await stage();
    const classroom = await Promise.all(Array.from({ length: 12 }, () => registerUser()));
    const address = freshAddress();
    const tokens = await Promise.all(classroom.map((student) => student.chatToken(room)));
    const outcomes = await Promise.all(tokens.map((token) => connect(room, address, token)));
    expect(admitted(outcomes)).toHaveLength(12);
    // A visitor at the same address still gets in: the students' sockets are not the address's.
    expect(admitted([await connect(room, address)])).toHaveLength(1);
    expect(await settlesAt(13)).toBe(13);
  });
});
