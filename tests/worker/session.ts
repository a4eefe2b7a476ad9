import { SELF } from 'cloudflare:test';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { NonceSchema } from '../../schema/auth';
import { SESSION_COOKIE } from '../../worker/lib/session';
import { CookieJar } from '../factories/cookie-jar';
import { makeWallet, type TestWallet } from '../factories/wallet';

const BASE = 'http://reel.test';

/**
 * A browser-like caller: keeps every cookie the worker sets (the session's and the D1 bookmark's)
 * and sends them back. `cookie` is the session cookie alone (`reel_session=<token>`, or null), which
 * a test may read, steal or forge.
 */
export type Caller = {
  cookie: string | null;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  json: (path: string, method: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
};

/** How a caller's requests reach the worker: `SELF` unless a test says otherwise. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

const throughSelf: Transport = (url, init) => SELF.fetch(url, init);

export const newCaller = (transport: Transport = throughSelf): Caller => {
  const jar = new CookieJar();
  const caller: Caller = {
    get cookie() {
      const token = jar.get(SESSION_COOKIE);
      return token ? `${SESSION_COOKIE}=${token}` : null;
    },
    set cookie(value) {
      jar.set(SESSION_COOKIE, value?.slice(`${SESSION_COOKIE}=`.length));
    },
    fetch: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      const cookies = jar.header();
      if (cookies) headers.set('Cookie', cookies);
      const response = await transport(`${BASE}${path}`, { ...init, headers });
      jar.keep(response);
      return response;
    },
    json: async (path, method, body) => {
      const response = await caller.fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
  return caller;
};

export const getNonce = async (caller: Caller, address: string) => {
  const { body } = await caller.json(`/api/auth/nonce?address=${address}`, 'GET');
  return dataEnvelope(NonceSchema).parse(body).data;
};

/** Signs in with a fresh (or given) wallet the way the web app does; answers the signed-in caller. */
export const signIn = async (wallet: TestWallet = makeWallet()) => {
  const caller = newCaller();
  const { nonce, message } = await getNonce(caller, wallet.address);
  const signed = wallet.signMessage(message, nonce);
  const result = await caller.json('/api/auth/wallet', 'POST', {
    address: wallet.address,
    publicKey: wallet.publicKey,
    ...signed,
  });
  if (result.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
  return { caller, wallet };
};

export const errorMessage = (body: unknown) =>
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }).parse(body).error;
