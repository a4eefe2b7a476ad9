import { env } from 'cloudflare:workers';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { SessionInfoSchema } from '../../schema/auth';
import {
  createSignInMessage,
  parseSignInMessage,
  SIWA_DOMAIN_SEPARATOR,
  SignInChallengeSchema,
  type SignInFields,
} from '../../schema/siwa';
import { type Caller, errorMessage, newCaller } from './session';

/** An Ed25519 wallet that signs as AIP-116 `signIn` (domain separated) and AIP-62 `signMessage` do. */
const makeSiwaWallet = () => {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const address = `0x${bytesToHex(sha3_256(concatBytes(publicKey, new Uint8Array([0]))))}`;
  const sign = (bytes: Uint8Array) => `0x${bytesToHex(ed25519.sign(bytes, secretKey))}`;
  const utf8 = (text: string) => new TextEncoder().encode(text);
  return {
    address,
    publicKey: `0x${bytesToHex(publicKey)}`,
    /** The body a web app posts after the wallet's `signIn` over `fields`. */
    signIn: (fields: SignInFields) => ({
      address,
      publicKey: `0x${bytesToHex(publicKey)}`,
      signature: sign(concatBytes(sha3_256(utf8(SIWA_DOMAIN_SEPARATOR)), utf8(createSignInMessage(fields)))),
      signIn: fields,
    }),
    /** The body after `signMessage({message: SIWA text of fields, nonce})`. */
    signMessage: (fields: SignInFields) => {
      const fullMessage = `APTOS\nmessage: ${createSignInMessage(fields)}\nnonce: ${fields.nonce}`;
      return {
        address,
        publicKey: `0x${bytesToHex(publicKey)}`,
        fullMessage,
        signature: sign(utf8(fullMessage)),
      };
    },
    /** As signMessage, by a wallet that adds the page it was asked from (AIP-62 `application: true`). */
    signMessageFromElsewhere: (fields: SignInFields) => {
      const message = createSignInMessage(fields);
      const fullMessage = `APTOS\napplication: https://evil.example\nmessage: ${message}\nnonce: ${fields.nonce}`;
      return {
        address,
        publicKey: `0x${bytesToHex(publicKey)}`,
        fullMessage,
        signature: sign(utf8(fullMessage)),
      };
    },
    signRaw: (text: string) => sign(utf8(text)),
  };
};

const challengeFor = async (caller: Caller, address: string) => {
  const { body } = await caller.json(`/api/auth/nonce?address=${address}`, 'GET');
  return dataEnvelope(SignInChallengeSchema).parse(body).data;
};

const countSessions = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())?.n ?? 0;

const post = (caller: Caller, body: unknown) => caller.json('/api/auth/wallet', 'POST', body);

/** Signs the server's fields changed by `change` and expects a 401 with `message` and no session. */
const expectRefused = async (
  change: (fields: SignInFields) => SignInFields,
  message: string,
  way: 'signIn' | 'signMessage' | 'signMessageFromElsewhere' = 'signIn',
) => {
  const wallet = makeSiwaWallet();
  const caller = newCaller();
  const { signIn } = await challengeFor(caller, wallet.address);
  const before = await countSessions();
  const result = await post(caller, wallet[way](change(signIn)));
  expect(result.status).toBe(401);
  expect(errorMessage(result.body)).toEqual({ code: 'unauthorized', message });
  expect(caller.cookie).toBeNull();
  expect(await countSessions()).toBe(before);
};

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('sign in with Aptos: the signed message names its domain', () => {
  it('asks the wallet to sign this host, origin and chain, with a nonce that expires within 10 minutes', async () => {
    const wallet = makeSiwaWallet();
    const { nonce, message, signIn } = await challengeFor(newCaller(), wallet.address);
    expect(signIn).toMatchObject({
      domain: 'reel.test',
      uri: 'http://reel.test',
      chainId: 'aptos:localnet',
      version: '1',
      address: wallet.address,
      nonce,
      statement: expect.stringContaining('Sign in to Reel'),
    });
    const issuedAt = Date.parse(signIn.issuedAt ?? '');
    const expiresAt = Date.parse(signIn.expirationTime ?? '');
    expect(Math.abs(issuedAt - Date.now())).toBeLessThan(60_000);
    expect(expiresAt - issuedAt).toBeGreaterThan(0);
    expect(expiresAt - issuedAt).toBeLessThanOrEqual(10 * 60_000);
    expect(message).toBe(createSignInMessage(signIn));
  });

  it("opens a session for the wallet's signIn over the server's fields", async () => {
    const wallet = makeSiwaWallet();
    const caller = newCaller();
    const { signIn } = await challengeFor(caller, wallet.address);
    const result = await post(caller, wallet.signIn(signIn));
    expect(result.status).toBe(200);
    expect(dataEnvelope(SessionInfoSchema).parse(result.body).data).toEqual({
      address: wallet.address,
      method: 'wallet',
      user: null,
    });
    const me = await caller.json('/api/auth/me', 'GET');
    expect(dataEnvelope(SessionInfoSchema).parse(me.body).data?.address).toBe(wallet.address);
  });

  it('opens a session for signMessage carrying the same fields (wallets without signIn)', async () => {
    const wallet = makeSiwaWallet();
    const caller = newCaller();
    const { signIn } = await challengeFor(caller, wallet.address);
    const result = await post(caller, wallet.signMessage(signIn));
    expect(result.status).toBe(200);
    const me = await caller.json('/api/auth/me', 'GET');
    expect(dataEnvelope(SessionInfoSchema).parse(me.body).data?.address).toBe(wallet.address);
  });

  it('refuses a signature made for another domain', async () => {
    await expectRefused(
      (f) => ({ ...f, domain: 'evil.example' }),
      'This sign-in request is for another site',
    );
    await expectRefused(
      (f) => ({ ...f, domain: 'evil.example' }),
      'This sign-in request is for another site',
      'signMessage',
    );
  });

  it('refuses a signature whose URI is another origin', async () => {
    await expectRefused(
      (f) => ({ ...f, uri: 'https://evil.example/login' }),
      'This sign-in request is for another site',
    );
  });

  it('refuses a signMessage whose wallet says it was asked from another page', async () => {
    await expectRefused((f) => f, 'This sign-in request is for another site', 'signMessageFromElsewhere');
  });

  it('refuses a signature made for another chain', async () => {
    await expectRefused(
      (f) => ({ ...f, chainId: 'aptos:mainnet' }),
      'This sign-in request is for another chain',
    );
    await expectRefused(
      (f) => ({ ...f, chainId: 'aptos:1' }),
      'This sign-in request is for another chain',
      'signMessage',
    );
  });

  it('refuses an expired sign-in message', async () => {
    await expectRefused(
      (f) => ({ ...f, expirationTime: minutesFromNow(-1) }),
      'This sign-in request has expired or was already used',
    );
  });

  it('refuses a message issued in the future beyond a minute of clock skew', async () => {
    await expectRefused(
      (f) => ({ ...f, issuedAt: minutesFromNow(5) }),
      'This sign-in request is not valid yet',
    );
  });

  it('refuses a message that leaves out when it was issued or expires', async () => {
    await expectRefused(
      ({ issuedAt: _issued, expirationTime: _expires, ...f }) => f,
      'The signed message is not a Reel sign-in request',
    );
  });

  it('refuses a message for another account than the signing key', async () => {
    await expectRefused(
      (f) => ({ ...f, address: makeSiwaWallet().address }),
      'The signed message is for another account',
    );
  });

  it('refuses a reused nonce', async () => {
    const wallet = makeSiwaWallet();
    const caller = newCaller();
    const { signIn } = await challengeFor(caller, wallet.address);
    expect((await post(caller, wallet.signIn(signIn))).status).toBe(200);
    const replay = await post(newCaller(), wallet.signIn(signIn));
    expect(replay.status).toBe(401);
    expect(errorMessage(replay.body).message).toBe('This sign-in request has expired or was already used');
  });

  it('refuses a signIn signature made without the SIWA domain separator', async () => {
    const wallet = makeSiwaWallet();
    const caller = newCaller();
    const { signIn } = await challengeFor(caller, wallet.address);
    const body = { ...wallet.signIn(signIn), signature: wallet.signRaw(createSignInMessage(signIn)) };
    const result = await post(caller, body);
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('Invalid signature');
  });

  it('refuses the old sign-in text, which names no domain', async () => {
    const wallet = makeSiwaWallet();
    const caller = newCaller();
    const { nonce } = await challengeFor(caller, wallet.address);
    const fullMessage = `APTOS\nmessage: Sign in to Reel with ${wallet.address}. This request will not trigger a blockchain transaction or cost any fees.\nnonce: ${nonce}`;
    const result = await post(caller, {
      address: wallet.address,
      publicKey: wallet.publicKey,
      fullMessage,
      signature: wallet.signRaw(fullMessage),
    });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('The signed message is not a Reel sign-in request');
  });
});

describe('SIWA message text', () => {
  const text = [
    'example.com wants you to sign in with your Aptos account:',
    `0x${'0'.repeat(63)}1`,
    '',
    'Sign in to Example.com',
    '',
    'URI: https://example.com',
    'Version: 1',
    'Nonce: abc12345',
    'Issued At: 2025-01-01T00:00:00.000Z',
    'Chain ID: aptos:mainnet',
    'Resources:',
    '- https://example.com/a',
  ].join('\n');

  it('reads the text @aptos-labs/siwa writes and writes it back the same', () => {
    const fields = parseSignInMessage(text);
    expect(fields).toMatchObject({
      domain: 'example.com',
      statement: 'Sign in to Example.com',
      uri: 'https://example.com',
      nonce: 'abc12345',
      chainId: 'aptos:mainnet',
      resources: ['https://example.com/a'],
    });
    expect(fields && createSignInMessage(fields)).toBe(text);
  });

  it('refuses text with lines out of order or unknown, so nothing unsigned is read', () => {
    expect(
      parseSignInMessage(text.replace('Version: 1\nNonce: abc12345', 'Nonce: abc12345\nVersion: 1')),
    ).toBeNull();
    expect(parseSignInMessage(`${text}\nDomain: evil.example`)).toBeNull();
    expect(parseSignInMessage(text.replace('Chain ID: aptos:mainnet\n', ''))).toBeNull();
  });
});
