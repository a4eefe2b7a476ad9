import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { creatorWithContent, registeredUser } from '../factories/engagement';
import { fundUser, seedTreasury } from '../factories/ledger';
import { streamer } from '../factories/live';
import type { Caller } from './session';

const EVIL = 'https://evil.example';
const REFUSED = { error: { code: 'forbidden', message: 'Cross-site request refused' } };

/** A body-less POST, as an HTML form on another site would send it (the browser adds the cookie). */
const formPost = async (caller: Caller, path: string, headers: Record<string, string>) => {
  const response = await caller.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

const isActive = async (keyId: string) =>
  (
    await env.DB.prepare('SELECT is_active FROM stream_keys WHERE id = ?1')
      .bind(keyId)
      .first<{ is_active: number }>()
  )?.is_active;

/** A pending tip from a funded fan to a creator. */
const pendingTip = async () => {
  await seedTreasury(env.DB, 10_000);
  const { creator } = await creatorWithContent();
  const fan = await registeredUser();
  await fundUser(env.DB, fan.user.id, 1000);
  const created = await fan.caller.json('/api/tips', 'POST', {
    tipperId: fan.user.id,
    receiverId: creator.user.id,
    amount: 100,
    tipType: 'general',
  });
  expect(created.status).toBe(201);
  return { fan, tipId: (created.body as { data: { id: string } }).data.id };
};

const tipStatus = async (id: string) =>
  (await env.DB.prepare('SELECT status FROM tips WHERE id = ?1').bind(id).first<{ status: string }>())
    ?.status;

describe('writes from another site', () => {
  it('refuses a form post to logout from a foreign Origin: the session stays', async () => {
    const { caller } = await registeredUser();
    const result = await formPost(caller, '/api/auth/logout', { Origin: EVIL });
    expect(result).toEqual({ status: 403, body: REFUSED });
    const me = await caller.json('/api/auth/me', 'GET');
    expect(me.body).toMatchObject({ data: { user: { id: expect.any(String) } } });
  });

  it('refuses a stream-key deactivate from a foreign Origin: the key stays active', async () => {
    const owner = await streamer();
    const result = await formPost(owner.caller, `/api/stream-keys/${owner.key.id}/deactivate`, {
      Origin: EVIL,
    });
    expect(result).toEqual({ status: 403, body: REFUSED });
    expect(await isActive(owner.key.id)).toBe(1);
  });

  it('refuses a tip confirm from a foreign Origin: no REEL moves', async () => {
    const { fan, tipId } = await pendingTip();
    const result = await formPost(fan.caller, `/api/tips/${tipId}/confirm`, { Origin: EVIL });
    expect(result).toEqual({ status: 403, body: REFUSED });
    expect(await tipStatus(tipId)).toBe('pending');
  });

  it('refuses Sec-Fetch-Site cross-site or same-site when there is no Origin, under /api and /relayer', async () => {
    const owner = await streamer();
    for (const site of ['cross-site', 'same-site']) {
      const result = await formPost(owner.caller, `/api/stream-keys/${owner.key.id}/deactivate`, {
        'Sec-Fetch-Site': site,
      });
      expect(result, site).toEqual({ status: 403, body: REFUSED });
    }
    expect(await isActive(owner.key.id)).toBe(1);
    const relayer = await formPost(owner.caller, '/relayer/api/users/register', { Origin: EVIL });
    expect(relayer).toEqual({ status: 403, body: REFUSED });
  });

  it('refuses an Origin of "null" (a sandboxed frame or a redirect)', async () => {
    const owner = await streamer();
    const result = await formPost(owner.caller, `/api/stream-keys/${owner.key.id}/deactivate`, {
      Origin: 'null',
    });
    expect(result.status).toBe(403);
  });

  it('lets reads from anywhere through', async () => {
    const { caller } = await registeredUser();
    const response = await caller.fetch('/api/auth/me', {
      headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('writes from our own pages and from programs', () => {
  it('takes the same Origin, Sec-Fetch-Site same-origin or none, and no header at all', async () => {
    const owner = await streamer();
    const deactivate = `/api/stream-keys/${owner.key.id}/deactivate`;
    const activate = `/api/stream-keys/${owner.key.id}/activate`;
    expect((await formPost(owner.caller, deactivate, { Origin: 'http://reel.test' })).status).toBe(200);
    expect(await isActive(owner.key.id)).toBe(0);
    expect((await formPost(owner.caller, activate, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await formPost(owner.caller, deactivate, { 'Sec-Fetch-Site': 'none' })).status).toBe(200);
    expect((await formPost(owner.caller, activate, {})).status).toBe(200);
    expect(await isActive(owner.key.id)).toBe(1);
  });

  it('takes a tip confirm and a logout from the same Origin', async () => {
    const { fan, tipId } = await pendingTip();
    const confirmed = await formPost(fan.caller, `/api/tips/${tipId}/confirm`, {
      Origin: 'http://reel.test',
    });
    expect(confirmed.status).toBe(200);
    expect(await tipStatus(tipId)).toBe('confirmed');
    const out = await formPost(fan.caller, '/api/auth/logout', { Origin: 'http://reel.test' });
    expect(out.status).toBe(200);
  });

  it('takes a write from the Vite dev server (loopback page to loopback worker), and only there', async () => {
    const owner = await streamer();
    const deactivate = `/api/stream-keys/${owner.key.id}/deactivate`;
    const viaProxy = await SELF.fetch(`http://127.0.0.1:8787${deactivate}`, {
      method: 'POST',
      headers: { Cookie: owner.caller.cookie ?? '', Origin: 'http://127.0.0.1:5173' },
    });
    expect(viaProxy.status).toBe(200);
    expect(await isActive(owner.key.id)).toBe(0);
    const activate = `/api/stream-keys/${owner.key.id}/activate`;
    const deployed = await formPost(owner.caller, activate, { Origin: 'http://127.0.0.1:5173' });
    expect(deployed).toEqual({ status: 403, body: REFUSED });
    expect(await isActive(owner.key.id)).toBe(0);
  });
});
