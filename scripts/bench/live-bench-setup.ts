import { dataEnvelope } from '../../schema/api';
import { ChatTokenSchema } from '../../schema/chat';
import { type StreamKey, StreamKeySchema } from '../../schema/live-session';
import { expectOk, signUpOverHttp } from '../../tests/factories/http-user';
import { type BenchRuntime, startBenchWorker } from '../lib/seeded-worker';

/**
 * Shared by the live benchmarks (chat-fanout.ts, live-latency.ts): the product on a free loopback
 * port from an empty migrated state (no demo seed: they make their own users), and users signed in
 * over plain HTTP.
 */
export const startFreshWorker = (runtime?: BenchRuntime, vars?: Record<string, string>) =>
  startBenchWorker(undefined, runtime, vars);

/** A registered user of a running worker, signed in with a fresh wallet over plain HTTP. */
export type BenchUser = {
  username: string;
  call: (path: string, init?: RequestInit) => Promise<Response>;
  chatToken: (room: string) => Promise<string>;
  createStreamKey: (name: string) => Promise<StreamKey>;
};

/** Signs a new wallet in at `baseUrl` and registers its profile, the way the web app does. */
export const registerBenchUser = async (baseUrl: string): Promise<BenchUser> => {
  const { username, userId, call } = await signUpOverHttp(baseUrl, {
    prefix: 'b',
    fullName: 'Bench User',
    description: 'Measuring things.',
    avatar: '/media/avatars/bench.svg',
  });
  return {
    username,
    call,
    chatToken: async (room) => {
      const response = await expectOk(
        await call(`/api/chat/token?room=${encodeURIComponent(room)}`),
        'chat token',
      );
      return dataEnvelope(ChatTokenSchema).parse(await response.json()).data.token;
    },
    createStreamKey: async (name) => {
      const body = JSON.stringify({ name, userId });
      const response = await expectOk(await call('/api/stream-keys', { method: 'POST', body }), 'stream key');
      return dataEnvelope(StreamKeySchema).parse(await response.json()).data;
    },
  };
};
