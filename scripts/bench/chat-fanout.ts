/**
 * Chat fan-out on local workerd (issue 5's closing note; `--via wrangler` puts `wrangler dev`'s
 * proxy in front, as `npm start` runs it). Starts the product from an empty state,
 * makes a streamer's stream key (the room is its public id), opens `--clients` real WebSockets to
 * that chat room (`--senders` of them signed with worker chat tokens, the rest visitors), then sends
 * `--rate` messages a second in total for `--seconds`, spread over the senders so each stays under
 * the room's per-user limit (5 per 10 s). Every client counts what it receives; prints
 * clients, messages per second in and out, delivered / expected and delivery latency (send to
 * receive, one clock: the same process). Loopback only; stops by itself; exits 1 when messages
 * were lost or refused. `--shards N` spreads the sockets over N shard objects of the room (issue 14
 * item 7) by starting the worker with shards of `clients / N` sockets (`CHAT_SHARD_CAPACITY`; no URL
 * chooses the spread since issue 23 §3); the output counts the clients per shard and the
 * WebSocket messages that carried the frames (the room batches a tick's frames into one). Each
 * visitor comes from its own `CF-Connecting-IP`: a room takes 10 token-less sockets per address. Also
 * prints this process's CPU time: on a small machine the Node client may be the limit, not the room.
 *
 *   npx tsx scripts/bench/chat-fanout.ts [--clients 500] [--senders 50] [--rate 20] [--seconds 10] [--shards 1]
 *     [--via workerd|wrangler]
 */
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { CHAT_RATE_LIMIT } from '../../schema/chat';
import { ChatWireSchema, framesOf } from '../../schema/chat-wire';
import { percentile } from '../lib/load';
import { benchRuntime } from '../lib/seeded-worker';
import { registerBenchUser, startFreshWorker } from './live-bench-setup';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '500' },
    senders: { type: 'string', default: '50' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    shards: { type: 'string', default: '1' },
    via: { type: 'string' },
  },
});
const clientCount = Number(values.clients);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const senderCount = Math.min(Number(values.senders), clientCount);
const perSenderPerWindow = (rate * CHAT_RATE_LIMIT.windowMs) / 1000 / senderCount;
if (perSenderPerWindow > CHAT_RATE_LIMIT.messages) {
  throw new Error(
    `${senderCount} senders at ${rate} msg/s exceed the room's ${CHAT_RATE_LIMIT.messages} per 10 s each`,
  );
}
/** One user per sender connection: the room's limit is per user, across all their sockets. */
const SENDER_USERS = senderCount;
const BENCH_PREFIX = 'bench';

type Client = {
  socket: WebSocket;
  received: number;
  /** WebSocket messages: one per frame, or one per tick's `batch` (schema/live.ts). */
  wires: number;
  latencies: number[];
  refused: number;
  shard: string;
};

/**
 * Opens one room connection from its own address (10.x.y.z from `index`) and resolves once the
 * room has sent its recent messages.
 */
const connect = (url: string, index: number): Promise<Client> =>
  new Promise((resolve, reject) => {
    const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    const socket = new WebSocket(url, { headers: { 'CF-Connecting-IP': address } });
    const client: Client = { socket, received: 0, wires: 0, latencies: [], refused: 0, shard: '' };
    socket.on('message', (data) => {
      const json: unknown = JSON.parse(String(data));
      // The welcome names the shard (party/chat-shard.ts); the schema leaves that field out.
      if (!client.shard && typeof json === 'object' && json !== null && 'shard' in json) {
        client.shard = String(json.shard);
      }
      const wire = ChatWireSchema.safeParse(json);
      if (!wire.success) return;
      client.wires++;
      for (const message of framesOf(wire.data)) {
        if (message.type === 'recent_messages') resolve(client);
        if (message.type === 'error') client.refused++;
        if (message.type !== 'chat_message') continue;
        const [prefix, , sentAt] = message.message.message.split(' ');
        if (prefix !== BENCH_PREFIX) continue;
        client.received++;
        client.latencies.push(Date.now() - Number(sentAt));
      }
    });
    socket.once('error', reject);
  });

/** Opens connections `concurrency` at a time, so the local runtime is not flooded with handshakes. */
const connectAll = async (urls: string[], concurrency = 50): Promise<Client[]> => {
  const clients: Client[] = [];
  for (let i = 0; i < urls.length; i += concurrency) {
    clients.push(...(await Promise.all(urls.slice(i, i + concurrency).map((url, j) => connect(url, i + j)))));
  }
  return clients;
};

const runtime = benchRuntime(values.via);
const shardCapacity = Math.ceil(clientCount / Math.max(Number(values.shards), 1));
const worker = await startFreshWorker(runtime, { CHAT_SHARD_CAPACITY: String(shardCapacity) });
try {
  const streamer = await registerBenchUser(worker.url);
  const room = (await streamer.createStreamKey('Fan-out bench')).id;
  const roomUrl = (token?: string) => {
    const url = new URL(`/parties/chat/${room}`, worker.url.replace('http', 'ws'));
    url.searchParams.set('type', 'chat');
    url.searchParams.set('key', room);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  };
  const users = await Promise.all(Array.from({ length: SENDER_USERS }, () => registerBenchUser(worker.url)));
  const tokens = await Promise.all(users.map((user) => user.chatToken(room)));

  const cpuStart = process.cpuUsage();
  const opening = performance.now();
  const urls = Array.from({ length: clientCount }, (_, i) =>
    i < senderCount ? roomUrl(tokens[i % tokens.length]) : roomUrl(),
  );
  const clients = await connectAll(urls);
  const openMs = performance.now() - opening;
  const senders = clients.slice(0, senderCount);

  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sender = senders[i % senders.length];
    sender?.socket.send(
      JSON.stringify({ type: 'chat_message', message: `${BENCH_PREFIX} ${i} ${Date.now()}` }),
    );
  }
  const sendMs = performance.now() - started;

  const expected = total * clients.length;
  const delivered = () => clients.reduce((sum, client) => sum + client.received, 0);
  const deadline = Date.now() + 10_000;
  while (delivered() < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const drainMs = performance.now() - started;

  const cpu = process.cpuUsage(cpuStart);
  const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - opening);
  const perShard = new Map<string, number>();
  for (const client of clients) perShard.set(client.shard, (perShard.get(client.shard) ?? 0) + 1);
  const latencies = clients.flatMap((client) => client.latencies).sort((a, b) => a - b);
  const refused = clients.reduce((sum, client) => sum + client.refused, 0);
  const got = delivered();
  console.log(`chat fan-out, one room on local ${runtime} (${new Date().toISOString()})`);
  console.log(
    `  shards           ${perShard.size} (${[...perShard.values()].sort((a, b) => b - a).join(' / ')} clients)`,
  );
  console.log(
    `  clients          ${clients.length} (${senderCount} senders with chat tokens, ${clients.length - senderCount} visitors); opened in ${(openMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  messages in      ${total} in ${(sendMs / 1000).toFixed(1)} s = ${((total * 1000) / sendMs).toFixed(1)} msg/s (${refused} refused)`,
  );
  console.log(
    `  messages out     ${got} in ${(drainMs / 1000).toFixed(1)} s = ${((got * 1000) / drainMs).toFixed(0)} msg/s`,
  );
  console.log(`  delivered        ${got} / ${expected} expected (${((100 * got) / expected).toFixed(2)} %)`);
  const wires = clients.reduce((sum, client) => sum + client.wires, 0);
  console.log(
    `  socket messages  ${wires} (${(got / Math.max(wires, 1)).toFixed(1)} frames each; ${((wires * 1000) / drainMs).toFixed(0)} written a second)`,
  );
  console.log(
    `  latency          p50 ${percentile(latencies, 0.5)} ms, p95 ${percentile(latencies, 0.95)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies.at(-1) ?? 0} ms (send to receive)`,
  );
  console.log(
    `  bench client CPU ${(cpuShare * 100).toFixed(0)} % of one core from open to drain (${(cpu.user / 1e6).toFixed(1)} s user, ${(cpu.system / 1e6).toFixed(1)} s system)`,
  );
  for (const client of clients) client.socket.close();
  process.exitCode = got === expected && refused === 0 ? 0 : 1;
} finally {
  await worker.stop();
}
