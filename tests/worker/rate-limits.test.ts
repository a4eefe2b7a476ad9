import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../schema/messages';
import type { AppEnv } from '../../worker/lib/app-env';
import { handleError } from '../../worker/lib/error-handler';
import { byIp, rateLimit } from '../../worker/lib/rate-limit';
import { creatorWithContent, registeredUser } from '../factories/engagement';
import { makeWallet } from '../factories/wallet';
import { type Caller, errorMessage, newCaller, signIn } from './session';
import { straightToWorker } from './straight-to-worker';

/** The limits wrangler.toml's [[ratelimits]] set, per minute (Cloudflare's Rate Limiting binding). */
const PER_MINUTE = {
  nonces: 100,
  search: 300,
  comments: 30,
  tips: 60,
  signUpImages: 6,
  signUpImagesPerAddress: 60,
};
const RATE_LIMITED = { code: 'rate_limited', message: 'Too many requests. Please try again in a minute.' };
/** Calls sent at once within a burst. */
const BATCH = 25;
/** Bursts of a few hundred requests on a machine that may be busy. */
const BURST_TIMEOUT = { timeout: 60_000 };

/** A documentation address (RFC 3849) no other test uses, so each test has buckets of its own. */
const freshIp = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

/**
 * Sends up to `2 × limit + 1` calls, `BATCH` at a time, until one is refused; answers the statuses
 * of the calls that passed and the first refusal. The binding counts in fixed minutes, so a burst
 * that straddles a minute's end restarts its count once: with twice the limit plus one calls, one
 * of the two minutes still holds more than the limit.
 */
const burst = async (limit: number, send: (n: number) => Promise<Response>) => {
  const passed: number[] = [];
  for (let sent = 0; sent < 2 * limit + 1; ) {
    const size = Math.min(BATCH, 2 * limit + 1 - sent);
    const responses = await Promise.all(Array.from({ length: size }, (_, i) => send(sent + i)));
    sent += size;
    const refused = responses.find((response) => response.status === 429);
    for (const response of responses) {
      if (response === refused) continue;
      if (response.status !== 429) passed.push(response.status);
      await response.arrayBuffer();
    }
    if (refused) return { passed, refusal: refused };
  }
  return { passed, refusal: null };
};

/** At least `limit` calls passed with `okStatus` (more only across a minute's end), then a 429. */
const expectLimited = async (result: Awaited<ReturnType<typeof burst>>, limit: number, okStatus: number) => {
  expect(result.passed.length).toBeGreaterThanOrEqual(limit);
  expect(result.passed.length).toBeLessThanOrEqual(2 * limit);
  expect(new Set(result.passed)).toEqual(new Set([okStatus]));
  expect(result.refusal?.status).toBe(429);
  expect(result.refusal?.headers.get('Retry-After')).toBe('60');
  expect(errorMessage(await result.refusal?.json())).toEqual(RATE_LIMITED);
};

/** Bursts go straight to the worker's handler (see `straightToWorker`): hundreds of calls each. */
const fromIp = (ip: string, path: string) =>
  newCaller(straightToWorker).fetch(path, { headers: { 'CF-Connecting-IP': ip } });

/** A caller with `signedIn`'s session whose calls go straight to the worker's handler. */
const straightAs = (signedIn: Caller) => {
  const caller = newCaller(straightToWorker);
  caller.cookie = signedIn.cookie;
  return caller;
};

/** The status of a call, its body read to the end. */
const statusOf = async (response: Promise<Response>) => {
  const answered = await response;
  await answered.arrayBuffer();
  return answered.status;
};

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);
const imageForm = () => {
  const form = new FormData();
  form.set('file', new File([PNG], 'avatar.png', { type: 'image/png' }));
  return form;
};
/** `caller` uploads an avatar from `ip`, as the registration wizard does. */
const uploadImageAs = (caller: Caller, ip: string) =>
  caller.fetch('/api/files/image', {
    method: 'POST',
    body: imageForm(),
    headers: { 'CF-Connecting-IP': ip },
  });

describe('rate limits', () => {
  it(
    'refuses sign-in nonces past 100 a minute from one IP while another IP still gets them',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      const address = makeWallet().address;
      const result = await burst(PER_MINUTE.nonces, () => fromIp(ip, `/api/auth/nonce?address=${address}`));
      await expectLimited(result, PER_MINUTE.nonces, 200);

      expect(await statusOf(fromIp(freshIp(), `/api/auth/nonce?address=${address}`))).toBe(200);
    },
  );

  it(
    'counts keyless sign-ins in the same budget as nonces, refused before the token is read',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      // Malformed calls count too: the limit runs before validation, so they cost no D1 work.
      const result = await burst(PER_MINUTE.nonces, (n) =>
        n % 2
          ? fromIp(ip, '/api/auth/nonce?address=not-an-address')
          : newCaller(straightToWorker).fetch('/api/auth/keyless', postJson({}, { 'CF-Connecting-IP': ip })),
      );
      await expectLimited(result, PER_MINUTE.nonces, 400);
    },
  );

  it(
    'refuses searches past 300 a minute from one IP, counting search, suggestions and category together',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      // The limit counts before validation, so calls with a bad limit (400, no query run) spend the
      // budget as real searches would, at a fraction of the cost; a real one shows it counts too.
      expect(await statusOf(fromIp(ip, '/api/users/search?q=nova'))).toBe(200);
      const paths = [
        '/api/users/search?q=nova&limit=0',
        '/api/users/search/suggestions?q=no&limit=0',
        '/api/users/search/category?category=Gaming&limit=0',
      ];
      const result = await burst(PER_MINUTE.search - 1, (n) => fromIp(ip, paths[n % paths.length] ?? ''));
      await expectLimited(result, PER_MINUTE.search - 1, 400);

      expect(await statusOf(fromIp(freshIp(), '/api/users/search?q=nova'))).toBe(200);
    },
  );

  it(
    'refuses comments past 30 a minute from one user, and writes none of the refused',
    BURST_TIMEOUT,
    async () => {
      const { video } = await creatorWithContent();
      const fan = await registeredUser();
      const path = `/api/comments/videos/${video.id}`;
      const straight = straightAs(fan.caller);
      const result = await burst(PER_MINUTE.comments, (n) =>
        straight.fetch(path, postJson({ userId: fan.user.id, content: `comment ${n}` })),
      );
      await expectLimited(result, PER_MINUTE.comments, 201);
      const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM comments WHERE user_id = ?1')
        .bind(fan.user.id)
        .first<{ n: number }>();
      expect(stored?.n).toBe(result.passed.length);

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
      const tip = { tipperId: fan.user.id, receiverId: creator.user.id, amount: 1, tipType: 'general' };
      // Half the burst creates tips; the relayer's malformed sends count in the same budget.
      const straight = straightAs(fan.caller);
      const result = await burst(PER_MINUTE.tips, (n) =>
        n % 2
          ? straight.fetch('/relayer/api/tips/send', postJson({}))
          : straight.fetch('/api/tips', postJson(tip)),
      );
      expect(result.passed.length).toBeGreaterThanOrEqual(PER_MINUTE.tips);
      expect(result.refusal?.status).toBe(429);

      const other = await registeredUser();
      const answer = await other.caller.json('/api/tips', 'POST', { ...tip, tipperId: other.user.id });
      expect(answer.status).toBe(201);
    },
  );

  it(
    'lets seven people behind one address each upload their avatar while they register',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      const people = await Promise.all(Array.from({ length: PER_MINUTE.signUpImages + 1 }, () => signIn()));
      const statuses = await Promise.all(people.map(({ caller }) => statusOf(uploadImageAs(caller, ip))));
      expect(statuses).toEqual(Array(PER_MINUTE.signUpImages + 1).fill(201));
    },
  );

  it(
    'holds one registering session to 6 images a minute, then answers 429 that says to wait',
    BURST_TIMEOUT,
    async () => {
      const { caller } = await signIn();
      const ip = freshIp();
      const statuses: number[] = [];
      let refusal: Response | null = null;
      for (let n = 0; n < 2 * PER_MINUTE.signUpImages + 1 && refusal === null; n++) {
        const response = await uploadImageAs(caller, ip);
        statuses.push(response.status);
        if (response.status !== 201) refusal = response;
        else await response.arrayBuffer();
      }
      expect(statuses.slice(0, PER_MINUTE.signUpImages)).toEqual(Array(PER_MINUTE.signUpImages).fill(201));
      expect(statuses.at(-1)).toBe(429);
      expect(refusal?.headers.get('Retry-After')).toBe('60');
      expect(errorMessage(await refusal?.json())).toEqual({
        code: 'rate_limited',
        message: MESSAGES.imageUpload.tooMany,
      });

      // Another registering session and a registered user on the same address are not held by it.
      expect(await statusOf(uploadImageAs((await signIn()).caller, ip))).toBe(201);
      expect(await statusOf(uploadImageAs((await registeredUser()).caller, ip))).toBe(201);
    },
  );

  it(
    'holds one address to 60 sign-up images a minute, however many sessions send them',
    BURST_TIMEOUT,
    async () => {
      const ip = freshIp();
      // Enough sessions that none reaches its own 6 within 2 × 60 + 1 uploads sent round-robin.
      const sessions = await Promise.all(Array.from({ length: 21 }, () => signIn()));
      const result = await burst(PER_MINUTE.signUpImagesPerAddress, (n) =>
        uploadImageAs(sessions[n % sessions.length]!.caller, ip),
      );
      expect(result.passed.length).toBeGreaterThanOrEqual(PER_MINUTE.signUpImagesPerAddress);
      expect(new Set(result.passed)).toEqual(new Set([201]));
      expect(result.refusal?.status).toBe(429);
      expect(result.refusal?.headers.get('Retry-After')).toBe('60');
      expect(errorMessage(await result.refusal?.json())).toEqual({
        code: 'rate_limited',
        message: MESSAGES.imageUpload.tooMany,
      });
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
