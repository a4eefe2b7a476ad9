import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { NonceSchema } from '../../schema/auth';
import { ChatTokenSchema } from '../../schema/chat';
import { type StreamKey, StreamKeySchema } from '../../schema/live';
import { makeWallet } from '../../tests/factories/wallet';
import { startBenchWorker } from '../lib/seeded-worker';

/**
 * Shared by the live benchmarks (chat-fanout.ts, live-latency.ts): the product on a free loopback
 * port from an empty migrated state (no demo seed: they make their own users), and users signed in
 * over plain HTTP.
 */
export const startFreshWorker = () => startBenchWorker();

/** A registered user of a running worker, signed in with a fresh wallet over plain HTTP. */
export type BenchUser = {
  username: string;
  call: (path: string, init?: RequestInit) => Promise<Response>;
  chatToken: (room: string) => Promise<string>;
  createStreamKey: (name: string) => Promise<StreamKey>;
};

const expectOk = async (response: Response, what: string) => {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
};

/** Signs a new wallet in at `baseUrl` and registers its profile, the way the web app does. */
export const registerBenchUser = async (baseUrl: string): Promise<BenchUser> => {
  let cookie = '';
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    if (init.body) headers.set('Content-Type', 'application/json');
    return fetch(new URL(path, baseUrl), { ...init, headers });
  };
  const wallet = makeWallet();
  const username = `b${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const nonceResponse = await expectOk(await call(`/api/auth/nonce?address=${wallet.address}`), 'nonce');
  const { nonce, message } = dataEnvelope(NonceSchema).parse(await nonceResponse.json()).data;
  const signIn = await call('/api/auth/wallet', {
    method: 'POST',
    body: JSON.stringify({
      address: wallet.address,
      publicKey: wallet.publicKey,
      ...wallet.signMessage(message, nonce),
    }),
  });
  cookie = (await expectOk(signIn, 'sign-in')).headers.get('Set-Cookie')?.split(';')[0] ?? '';
  const profile = {
    username,
    fullName: 'Bench User',
    email: `${username}@example.com`,
    description: 'Measuring things.',
    avatar: '/media/avatars/bench.svg',
    aptosAddress: wallet.address,
  };
  const registered = await expectOk(
    await call('/api/users', { method: 'POST', body: JSON.stringify(profile) }),
    'registration',
  );
  const { id: userId } = dataEnvelope(z.object({ id: z.string() })).parse(await registered.json()).data;
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
