import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { SessionInfoSchema } from '../../schema/auth';
import { makeWallet } from '../factories/wallet';
import { errorMessage, getNonce, newCaller, signIn } from './session';

const countSessions = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())?.n ?? 0;

/** Posts a wallet sign-in with whatever the test chose to forge. */
const postSignIn = (caller: ReturnType<typeof newCaller>, body: Record<string, string>) =>
  caller.json('/api/auth/wallet', 'POST', body);

describe('wallet sign-in', () => {
  it('opens an HttpOnly, SameSite=Lax, Secure session for a valid signature', async () => {
    const wallet = makeWallet();
    const caller = newCaller();
    const { nonce, message } = await getNonce(caller, wallet.address);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(message).toContain(wallet.address);

    const response = await caller.fetch('/api/auth/wallet', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        address: wallet.address,
        publicKey: wallet.publicKey,
        ...wallet.signMessage(message, nonce),
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^reel_session=[0-9a-f]{64};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const me = dataEnvelope(SessionInfoSchema).parse((await caller.json('/api/auth/me', 'GET')).body).data;
    expect(me).toEqual({ address: wallet.address, method: 'wallet', user: null });
  });

  it('leaves out Secure on plain-HTTP localhost so local runs work', async () => {
    const wallet = makeWallet();
    const nonceResponse = await SELF.fetch(`http://127.0.0.1:8787/api/auth/nonce?address=${wallet.address}`);
    const { data } = (await nonceResponse.json()) as { data: { nonce: string; message: string } };
    const response = await SELF.fetch('http://127.0.0.1:8787/api/auth/wallet', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        address: wallet.address,
        publicKey: wallet.publicKey,
        ...wallet.signMessage(data.message, data.nonce),
      }),
    });
    expect(response.headers.get('Set-Cookie')).not.toMatch(/Secure/);
  });

  it('refuses a forged signature and opens no session', async () => {
    const wallet = makeWallet();
    const caller = newCaller();
    const { nonce, message } = await getNonce(caller, wallet.address);
    const { fullMessage } = wallet.signMessage(message, nonce);
    const forged = makeWallet().signRaw(fullMessage);
    const result = await postSignIn(caller, {
      address: wallet.address,
      publicKey: wallet.publicKey,
      fullMessage,
      signature: forged,
    });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('Invalid signature');
    expect(caller.cookie).toBeNull();
    expect(await countSessions()).toBe(0);
  });

  it('refuses a key that does not belong to the address', async () => {
    const victim = makeWallet();
    const attacker = makeWallet();
    const caller = newCaller();
    const { nonce, message } = await getNonce(caller, victim.address);
    const result = await postSignIn(caller, {
      address: victim.address,
      publicKey: attacker.publicKey,
      ...attacker.signMessage(message, nonce),
    });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('The public key does not belong to this address');
  });

  it('refuses a replayed nonce', async () => {
    const wallet = makeWallet();
    const caller = newCaller();
    const { nonce, message } = await getNonce(caller, wallet.address);
    const body = {
      address: wallet.address,
      publicKey: wallet.publicKey,
      ...wallet.signMessage(message, nonce),
    };
    expect((await postSignIn(caller, body)).status).toBe(200);
    const replay = await postSignIn(newCaller(), body);
    expect(replay.status).toBe(401);
    expect(errorMessage(replay.body).message).toBe('This sign-in request has expired or was already used');
    expect(await countSessions()).toBe(1);
  });

  it('refuses an expired nonce', async () => {
    const wallet = makeWallet();
    const caller = newCaller();
    const { nonce, message } = await getNonce(caller, wallet.address);
    await env.DB.prepare('UPDATE auth_nonces SET expires_at = ?1 WHERE nonce = ?2')
      .bind(new Date(Date.now() - 1000).toISOString(), nonce)
      .run();
    const result = await postSignIn(caller, {
      address: wallet.address,
      publicKey: wallet.publicKey,
      ...wallet.signMessage(message, nonce),
    });
    expect(result.status).toBe(401);
  });

  it('refuses a nonce issued to another address', async () => {
    const wallet = makeWallet();
    const caller = newCaller();
    const { nonce } = await getNonce(caller, makeWallet().address);
    const message = (await getNonce(caller, wallet.address)).message;
    const result = await postSignIn(caller, {
      address: wallet.address,
      publicKey: wallet.publicKey,
      ...wallet.signMessage(message, nonce),
    });
    expect(result.status).toBe(401);
  });

  it('refuses a signature over some other text', async () => {
    const wallet = makeWallet();
    const caller = newCaller();
    const { nonce } = await getNonce(caller, wallet.address);
    const result = await postSignIn(caller, {
      address: wallet.address,
      publicKey: wallet.publicKey,
      ...wallet.signMessage('Transfer all my coins', nonce),
    });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('The signed message is not a Reel sign-in request');
  });

  it('answers 400 with the field for malformed input', async () => {
    const bad = await newCaller().json('/api/auth/nonce?address=not-an-address', 'GET');
    expect(bad.status).toBe(400);
    expect(errorMessage(bad.body).message).toMatch(/^address: /);
    const missing = await newCaller().json('/api/auth/wallet', 'POST', { address: makeWallet().address });
    expect(missing.status).toBe(400);
  });

  it('ends the session on the server at logout, so the old cookie stops working', async () => {
    const { caller } = await signIn();
    const stolen = caller.cookie;
    expect((await caller.json('/api/auth/logout', 'POST')).status).toBe(200);
    expect(await countSessions()).toBe(0);

    const replay = newCaller();
    replay.cookie = stolen;
    expect((await replay.json('/api/auth/me', 'GET')).body).toEqual({ data: null });
  });

  it('treats an unknown or expired cookie as signed out', async () => {
    const stranger = newCaller();
    stranger.cookie = `reel_session=${'0'.repeat(64)}`;
    expect((await stranger.json('/api/auth/me', 'GET')).body).toEqual({ data: null });

    const { caller } = await signIn();
    await env.DB.prepare('UPDATE sessions SET expires_at = ?1')
      .bind(new Date(Date.now() - 1).toISOString())
      .run();
    expect((await caller.json('/api/auth/me', 'GET')).body).toEqual({ data: null });
  });
});
