import { describe, expect, it } from 'vitest';
import type { KeylessStore } from '../../schema/auth';
import { MESSAGES } from '../../schema/messages';
import { authorizeUrl } from '../../web/features/keyless/begin-sign-in';
import { decodeIdToken } from '../../web/features/keyless/decode-id-token';
import {
  createEphemeralKeyPair,
  ephemeralKeyProof,
  isUsableEphemeralKeyPair,
} from '../../web/features/keyless/ephemeral-key';
import { planRestore } from '../../web/features/keyless/restore-plan';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = {
  iss: 'http://127.0.0.1:8787/dev-oidc',
  aud: 'reel-dev',
  sub: '123',
  nonce: '42',
  iat: 1000,
  exp: 4600,
  name: 'Zoë Ünïcode',
  email: 'z@example.com',
  email_verified: true,
};
const jwt = (payload: unknown) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.sig`;

describe('decodeIdToken', () => {
  it('reads the claims of a JWT, UTF-8 names included', () => {
    expect(decodeIdToken(jwt(claims))).toEqual(claims);
  });

  it.each([
    ['not a JWT', 'garbage'],
    ['a payload that is not JSON', 'a.b.c'],
    ['no nonce', jwt({ ...claims, nonce: undefined })],
    ['an empty nonce', jwt({ ...claims, nonce: '' })],
    ['no subject', jwt({ ...claims, sub: undefined })],
  ])('refuses %s', (_name, token) => {
    expect(() => decodeIdToken(token)).toThrow(MESSAGES.login.invalidToken);
  });
});

describe('ephemeral key pair', () => {
  it('is valid seven days and usable only for its own nonce until it expires', () => {
    // Seconds read on both sides of the creation: on a busy machine a second can pass during it.
    const before = Math.floor(Date.now() / 1000);
    const keyPair = createEphemeralKeyPair();
    const now = Math.floor(Date.now() / 1000);
    expect(keyPair.expiryDateSecs).toBeGreaterThanOrEqual(before + 604_800);
    expect(keyPair.expiryDateSecs).toBeLessThanOrEqual(now + 604_800);
    expect(isUsableEphemeralKeyPair(keyPair, keyPair.nonce)).toBe(true);
    expect(isUsableEphemeralKeyPair(keyPair, 'another nonce')).toBe(false);
    expect(isUsableEphemeralKeyPair({ ...keyPair, expiryDateSecs: now - 1 }, keyPair.nonce)).toBe(false);
    expect(isUsableEphemeralKeyPair(null, keyPair.nonce)).toBe(false);
  });

  it('proves possession from what is stored, and refuses a damaged stored key pair', () => {
    const keyPair = createEphemeralKeyPair();
    const proof = ephemeralKeyProof(keyPair, 'APTOS\nmessage: hi\nnonce: 1');
    expect(proof).toMatchObject({ expiryDateSecs: keyPair.expiryDateSecs, blinder: keyPair.blinder });
    expect(proof.ephemeralPublicKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(proof.signature).toMatch(/^0x[0-9a-f]{128}$/);
    expect(() => ephemeralKeyProof({ ...keyPair, nonce: '1' }, 'x')).toThrow('damaged');
  });
});

describe('authorizeUrl', () => {
  it('asks the provider for an id_token bound to the nonce, returned to our /callback', () => {
    const url = new URL(
      authorizeUrl(
        { clientId: 'reel-dev', authorizationEndpoint: '/dev-oidc/authorize' },
        'http://a.test',
        'n1',
      ),
    );
    expect(url.origin + url.pathname).toBe('http://a.test/dev-oidc/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'reel-dev',
      redirect_uri: 'http://a.test/callback',
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'n1',
    });
  });
});

describe('planRestore', () => {
  const now = 10_000;
  const keyPair = { nonce: '42', expiryDateSecs: now + 100, privateKey: '0x01', blinder: '0x02' };
  const account = {
    idToken: { decoded: { ...claims, exp: now + 100 }, raw: 'raw' },
    pepper: '0x03',
    address: '0xabc',
  };
  const store = (overrides: Partial<KeylessStore> = {}): KeylessStore => ({
    version: 1,
    accounts: [account],
    activeAccount: '0xabc',
    ephemeralKeyPair: keyPair,
    loggedOut: false,
    ...overrides,
  });

  it('restores when an account and an unexpired ephemeral key are stored', () => {
    expect(planRestore(store(), now)).toEqual({ kind: 'restore', account, keyPair });
  });

  it('does nothing after logout, with nothing stored, or while a sign-in is on its way', () => {
    expect(planRestore(store({ loggedOut: true }), now)).toMatchObject({
      kind: 'skip',
      reason: 'logged-out',
    });
    expect(planRestore(store({ accounts: [], ephemeralKeyPair: null }), now)).toMatchObject({ kind: 'skip' });
    expect(planRestore(store({ accounts: [] }), now)).toMatchObject({
      kind: 'skip',
      reason: 'sign-in-pending',
    });
  });

  it('clears what cannot be restored', () => {
    const expired = { ...keyPair, expiryDateSecs: now };
    expect(planRestore(store({ ephemeralKeyPair: null }), now)).toMatchObject({ kind: 'clear' });
    expect(planRestore(store({ ephemeralKeyPair: expired }), now)).toMatchObject({ kind: 'clear' });
    expect(planRestore(store({ accounts: [], ephemeralKeyPair: expired }), now)).toMatchObject({
      kind: 'clear',
    });
    expect(planRestore(store({ activeAccount: '0xdef' }), now)).toMatchObject({ kind: 'clear' });
    const staleToken = { ...account, idToken: { ...account.idToken, decoded: { ...claims, exp: now } } };
    expect(planRestore(store({ accounts: [staleToken] }), now)).toMatchObject({
      kind: 'clear',
      reason: 'token-expired',
    });
  });
});
