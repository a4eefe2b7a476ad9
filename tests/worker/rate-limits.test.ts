import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/lib/app-env';
import { handleError } from '../../worker/lib/error-handler';
import { byIp, rateLimit } from '../../worker/lib/rate-limit';
import { creatorWithContent, registeredUser } from '../factories/engagement';
import { makeWallet } from '../factories/wallet';
import { type Caller, errorMessage, newCaller, signIn } from './session';

/** The limits wrangler.toml's [[ratelimits]] set, per minute (Cloudflare's Rate Limiting binding). */
const PER_MINUTE = { nonces: 60, search: 300, comments: 30, tips: 60, signUpImages: 6 };
const RATE_LIMITED = 'Too many requests. Please try again in a minute.';

/** A documentation address (RFC 3849) no other test uses, so each test has buckets of its own. */
const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

/**
 * Sends `2 × limit + 1` calls one after another and answers their statuses. The binding counts in
 * fixed minutes, so a burst that straddles a minute's end restarts its count once; with twice the
 * limit plus one, one of the two minutes still holds more than the limit.
 */
const burst = async (limit: number, send: (n: number) => Promise<Response>) => {
  const statuses: number[] = [];
  for (let n = 0; n < 2 * limit + 1; n++) {
    const response = await send(n);
    statuses.push(response.status);
    if (response.status === 429) {
      expect(response.headers.get('Retry-After')).toBe('60');
      expect(errorMessage(await response.json())).toEqual({ code: 'rate_limited', message: RATE_LIMITED });
      break;
    }
    await response.body?.cancel();
  }
  return statuses;
};

/** The first `limit` calls pass and a later one is refused with 429. */
const expectLimitedAfter = (statuses: number[], limit: number, okStatus: number) => {
  expect(statuses.slice(0, limit).every((status) => status === okStatus)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
};

const fromIp = (ip: string, path: string) => newCaller().fetch(path, { headers: { 'CF-Connecting-IP': ip } });

/** Bursts of a few hundred requests, one after another. */
const BURST_TIMEOUT = { timeout: 60_000 };

describe('rate limits', () => {
  it(
    'refuses sign-in nonces past 60 a minute from one IP while another IP still gets them',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      const address = makeWallet().address;
      const statuses = await burst(PER_MINUTE.nonces, () => fromIp(ip, `/api/auth/nonce?address=${address}`));
      expectLimitedAfter(statuses, PER_MINUTE.nonces, 200);

      const other = await fromIp(freshIp(), `/api/auth/nonce?address=${address}`);
      expect(other.status).toBe(200);
    },
  );

  it(
    'refuses keyless sign-ins past the same budget as nonces, before reading the token',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      for (let n = 0; n < PER_MINUTE.nonces; n++) {
        (await fromIp(ip, `/api/auth/nonce?address=${makeWallet().address}`)).body?.cancel();
      }
      const response = await newCaller().fetch('/api/auth/keyless', {
        method: 'POST',
        headers: { 'CF-Connecting-IP': ip, 'Content-Type': 'application/json' },
        body: JSON.stringify({}),
      });
      expect(response.status).toBe(429);
    },
  );

  it(
    'refuses searches past 300 a minute from one IP, counting search, suggestions and category together',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      const paths = [
        '/api/users/search?q=nova',
        '/api/users/search/suggestions?q=no',
        '/api/users/search/category?category=Gaming',
      ];
      const statuses = await burst(PER_MINUTE.search, (n) => fromIp(ip, paths[n % paths.length] ?? ''));
      expectLimitedAfter(statuses, PER_MINUTE.search, 200);

      expect((await fromIp(freshIp(), '/api/users/search?q=nova')).status).toBe(200);
    },
  );

  it(
    'refuses comments past 30 a minute from one user, and writes none of the refused',
    BURST_TIMEOUT,
    async () => {
      const { video } = await creatorWithContent();
      const fan = await registeredUser();
      const path = `/api/comments/videos/${video.id}`;
      const statuses = await burst(PER_MINUTE.comments, (n) =>
        fan.caller.fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: fan.user.id, content: `comment ${n}` }),
        }),
      );
      expectLimitedAfter(statuses, PER_MINUTE.comments, 201);
      const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM comments WHERE user_id = ?1')
        .bind(fan.user.id)
        .first<{ n: number }>();
      expect(stored?.n).toBe(statuses.length - 1);

      const other = await registeredUser();
      const answer = await other.caller.json(path, 'POST', { userId: other.user.id, content: 'still open' });
      expect(answer.status).toBe(201);
    },
  );

  it(
    'refuses tips past 60 a minute from one user, through the API and the relayer alike',
    BURST_TIMEOUT,
    async () => {
      const creator = await registeredUser();
      const fan = await registeredUser();
      const tip = (caller: Caller) =>
        caller.fetch('/api/tips', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            tipperId: fan.user.id,
            receiverId: creator.user.id,
            amount: 1,
            tipType: 'general',
          }),
        });
      const statuses = await burst(PER_MINUTE.tips, () => tip(fan.caller));
      expectLimitedAfter(statuses, PER_MINUTE.tips, 201);

      const relayed = await fan.caller.json('/relayer/api/tips/send', 'POST', {});
      expect(relayed.status).toBe(429);
    },
  );

  it(
    'lets a session without a profile upload only the images registration needs, then answers 403',
    BURST_TIMEOUT,
    async () => {
      const { caller } = await signIn();
      const ip = freshIp();
      const upload = () => {
        const form = new FormData();
        form.set('file', new File([PNG], 'avatar.png', { type: 'image/png' }));
        return caller.fetch('/api/files/image', {
          method: 'POST',
          body: form,
          headers: { 'CF-Connecting-IP': ip },
        });
      };
      const statuses: number[] = [];
      let refusal: unknown = null;
      for (let n = 0; n < 2 * PER_MINUTE.signUpImages + 1 && refusal === null; n++) {
        const response = await upload();
        statuses.push(response.status);
        if (response.status !== 201) refusal = await response.json();
        else await response.body?.cancel();
      }
      expect(statuses.slice(0, PER_MINUTE.signUpImages).every((status) => status === 201)).toBe(true);
      expect(statuses.at(-1)).toBe(403);
      expect(errorMessage(refusal)).toEqual({ code: 'forbidden', message: 'Complete registration first' });

      // A registered user on the same IP is not held to the sign-up allowance.
      const creator = await registeredUser();
      const form = new FormData();
      form.set('file', new File([PNG], 'poster.png', { type: 'image/png' }));
      const registered = await creator.caller.fetch('/api/files/image', {
        method: 'POST',
        body: form,
        headers: { 'CF-Connecting-IP': ip },
      });
      expect(registered.status).toBe(201);
    },
  );
});

describe('RATE_LIMITS_OFF', () => {
  it('leaves the limiters it names unenforced and no others', async () => {
    const refuseAll: RateLimit = { limit: async () => ({ success: false }) };
    const app = new Hono<AppEnv>()
      .get('/search', rateLimit('SEARCH_LIMITER', byIp), (c) => c.text('ok'))
      .get('/nonce', rateLimit('AUTH_LIMITER', byIp), (c) => c.text('ok'))
      .onError(handleError);
    const benchEnv = {
      ...env,
      SEARCH_LIMITER: refuseAll,
      AUTH_LIMITER: refuseAll,
      RATE_LIMITS_OFF: ' SEARCH_LIMITER',
    };
    const headers = { 'CF-Connecting-IP': freshIp() };
    expect((await app.request('/search', { headers }, benchEnv)).status).toBe(200);
    expect((await app.request('/nonce', { headers }, benchEnv)).status).toBe(429);
  });
});

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);
