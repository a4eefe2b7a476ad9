import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { CommentThreadSchema } from '../../schema/engagement';
import { app } from '../../worker/index';
import { BOOKMARK_COOKIE } from '../../worker/lib/d1-session';
import { creatorWithContent, registeredUser } from '../factories/engagement';

const ORIGIN = 'http://reel.test';
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * The worker's D1 as D1 itself sees it: every session the worker opens is recorded with its
 * constraint (a bookmark, 'first-primary' or 'first-unconstrained'), and statements made outside
 * any session, which D1 always runs on the primary, are counted.
 */
const observedD1 = () => {
  const sessions: string[] = [];
  let primaryStatements = 0;
  const db: D1Database = {
    prepare: (query) => {
      primaryStatements += 1;
      return env.DB.prepare(query);
    },
    batch: (statements) => {
      primaryStatements += statements.length;
      return env.DB.batch(statements);
    },
    exec: (query) => env.DB.exec(query),
    dump: () => env.DB.dump(),
    withSession: (constraint) => {
      sessions.push(constraint ?? 'first-unconstrained');
      return env.DB.withSession(constraint);
    },
  };
  return {
    sessions,
    primaryStatements: () => primaryStatements,
    request: (path: string, init: RequestInit = {}) =>
      app.request(`${ORIGIN}${path}`, init, { ...env, DB: db }),
  };
};

type Fan = Awaited<ReturnType<typeof registeredUser>>;

/** `fan` comments on a video through `d1`, signed in with their session cookie. */
const postComment = (d1: ReturnType<typeof observedD1>, fan: Fan, videoId: string, content: string) =>
  d1.request(`/api/comments/videos/${videoId}`, {
    method: 'POST',
    headers: { Cookie: fan.caller.cookie ?? '', 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: fan.user.id, content }),
  });

const bookmarkCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`));

describe('D1 read replication through sessions (issue 14.9)', () => {
  it('a write starts on the primary and hands back its bookmark; the next read is anchored at it and sees the write', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const d1 = observedD1();

    const posted = await postComment(d1, fan, video.id, 'Read my write');
    expect(posted.status).toBe(201);
    expect(d1.sessions).toEqual(['first-primary']);
    const cookie = bookmarkCookieOf(posted);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    const bookmark = cookie?.split(';')[0]?.slice(BOOKMARK_COOKIE.length + 1) ?? '';
    expect(bookmark).toMatch(BOOKMARK);

    // The next read carrying that bookmark (the fan's next page, or another tab) sees the comment.
    const read = await d1.request(`/api/comments/videos/${video.id}`, {
      headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` },
    });
    expect(read.status).toBe(200);
    expect(d1.sessions).toEqual(['first-primary', bookmark]);
    const threads = dataEnvelope(z.array(CommentThreadSchema)).parse(await read.json()).data;
    expect(threads.map((thread) => thread.comment.content)).toEqual(['Read my write']);
    expect(bookmarkCookieOf(read)).toBeUndefined();
    expect(d1.primaryStatements()).toBe(0);
  });

  it('a refused write hands back no bookmark', async () => {
    const { video } = await creatorWithContent();
    const fan = await registeredUser();
    const d1 = observedD1();
    const refused = await postComment(d1, fan, video.id, '');
    expect(refused.status).toBe(400);
    expect(bookmarkCookieOf(refused)).toBeUndefined();
  });

  it('public reads without a bookmark, or with one that is not D1’s, may go to any replica', async () => {
    const { video } = await creatorWithContent();
    const d1 = observedD1();
    for (const cookie of [undefined, `${BOOKMARK_COOKIE}=first-primary`, `${BOOKMARK_COOKIE}=%27%3B--`]) {
      const feed = await d1.request('/api/videos?limit=15', cookie ? { headers: { Cookie: cookie } } : {});
      expect(feed.status).toBe(200);
    }
    const page = await d1.request(`/v/${video.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('og:title');
    expect(d1.sessions).toEqual([
      'first-unconstrained',
      'first-unconstrained',
      'first-unconstrained',
      'first-unconstrained',
    ]);
    expect(d1.primaryStatements()).toBe(0);
  });

  it('money and sign-in reads stay on the primary', async () => {
    const fan = await registeredUser();
    const d1 = observedD1();
    const headers = { Cookie: fan.caller.cookie ?? '' };
    for (const path of [
      `/api/transactions/user/${fan.user.id}`,
      `/api/deposits/user/${fan.user.id}`,
      `/api/users/address/${fan.wallet.address}/balance`,
      '/api/auth/me',
      `/relayer/api/users/${fan.wallet.address}`,
    ]) {
      const answer = await d1.request(path, { headers });
      expect(answer.status, path).toBeLessThan(500);
    }
    expect(d1.sessions).toEqual([]);
    expect(d1.primaryStatements()).toBeGreaterThanOrEqual(5);
  });
});
