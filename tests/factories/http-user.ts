import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { NonceSchema } from '../../schema/auth';
import { makeWallet } from './wallet';

/** A registered user of a running worker, signed in with a fresh wallet over plain HTTP. */
export type HttpUser = {
  username: string;
  userId: string;
  /** The wallet's address, the profile's `aptosAddress`. */
  address: string;
  /** The session cookie (`name=value`) for a request made without `call`. */
  cookie: string;
  /** Every Set-Cookie line the sign-in and the registration answered, attributes included, in order. */
  setCookies: string[];
  /** A request to the worker as this user: session cookie set, JSON Content-Type when there is a body. */
  call: (path: string, init?: RequestInit) => Promise<Response>;
};

/** What the new user's profile says about it; the username is `prefix` and 8 random characters. */
export type HttpUserProfile = { prefix: string; fullName: string; description: string; avatar: string };

/** Throws with the status and body when `response` is not a 2xx; answers it otherwise. */
export const expectOk = async (response: Response, what: string): Promise<Response> => {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
};

/**
 * Signs `wallet` (a new one by default) in at `baseUrl` (nonce, signed message, session cookie) and
 * registers its profile, the way the web app does; for benchmarks and tests that talk to a real
 * `wrangler dev`.
 */
export const signUpOverHttp = async (
  baseUrl: string,
  profile: HttpUserProfile,
  wallet = makeWallet(),
): Promise<HttpUser> => {
  let cookie = '';
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set('Cookie', cookie);
    if (init.body) headers.set('Content-Type', 'application/json');
    return fetch(new URL(path, baseUrl), { ...init, headers });
  };
  const username = `${profile.prefix}${crypto.randomUUID().slice(0, 8)}`;
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
  const setCookies = (await expectOk(signIn, 'sign-in')).headers.getSetCookie();
  cookie = setCookies[0]?.split(';')[0] ?? '';
  if (!cookie) throw new Error('sign-in failed: no session cookie');
  const body = JSON.stringify({
    username,
    fullName: profile.fullName,
    email: `${username}@example.com`,
    description: profile.description,
    avatar: profile.avatar,
    aptosAddress: wallet.address,
  });
  const registered = await expectOk(await call('/api/users', { method: 'POST', body }), 'registration');
  setCookies.push(...registered.headers.getSetCookie());
  const { id: userId } = dataEnvelope(z.object({ id: z.string() })).parse(await registered.json()).data;
  return { username, userId, address: wallet.address, cookie, setCookies, call };
};
