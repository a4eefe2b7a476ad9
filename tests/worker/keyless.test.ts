import { env } from 'cloudflare:workers';
import { Ed25519PrivateKey, EphemeralKeyPair, Hex, KeylessPublicKey } from '@aptos-labs/ts-sdk';
import { base64url, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { KeylessSessionSchema, SessionInfoSchema } from '../../schema/auth';
import { devSigningKey, signDevIdToken } from '../../worker/dev-oidc/signing-key';
import { errorMessage, getNonce, newCaller } from './session';

const ORIGIN = 'http://reel.test';
const ISSUER = `${ORIGIN}/dev-oidc`;
const nowSecs = () => Math.floor(Date.now() / 1000);

const countSessions = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<{ n: number }>())?.n ?? 0;

/** What the browser keeps before it goes to the provider: a fresh ephemeral key pair (7 days). */
const makeEphemeral = () => {
  const privateKey = Ed25519PrivateKey.generate();
  const keyPair = new EphemeralKeyPair({ privateKey, expiryDateSecs: nowSecs() + 604_800 });
  return { privateKey, keyPair };
};

/** Signs in at the dev provider's page like a person would and answers the id_token it hands out. */
const tokenFromProvider = async (nonce: string, email = 'demo@reel.local') => {
  const response = await newCaller().fetch('/dev-oidc/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: env.DEV_OIDC_CLIENT_ID,
      redirect_uri: `${ORIGIN}/callback`,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce,
      email,
    }),
    redirect: 'manual',
  });
  const fragment = (response.headers.get('Location') ?? '').split('#')[1];
  return new URLSearchParams(fragment).get('id_token') ?? '';
};

/** A token signed with the provider's own key, with claims the test chooses. */
const mintToken = async (overrides: Record<string, unknown> = {}) => {
  const iat = nowSecs();
  const claims = {
    iss: ISSUER,
    aud: env.DEV_OIDC_CLIENT_ID,
    sub: '100000000000000000001',
    email: 'demo@reel.local',
    email_verified: true,
    name: 'Demo Person',
    nonce: 'nonce-of-a-test',
    iat,
    exp: iat + 3600,
    ...overrides,
  };
  for (const [key, value] of Object.entries(claims)) {
    if (value === undefined) delete claims[key as keyof typeof claims];
  }
  return signDevIdToken(await devSigningKey(env.DB, new Date()), claims);
};

const postKeyless = (body: unknown, caller = newCaller()) =>
  caller.json('/api/auth/keyless', 'POST', body).then((result) => ({ ...result, caller }));

const expectRefused = async (idToken: string, message: string) => {
  const result = await postKeyless({ idToken });
  expect(result.status).toBe(401);
  expect(errorMessage(result.body)).toEqual({ code: 'unauthorized', message });
  expect(result.caller.cookie).toBeNull();
  expect(await countSessions()).toBe(0);
};

describe('keyless sign-in', () => {
  it('signs a person in with a token from the dev provider and opens a keyless session', async () => {
    const { keyPair } = makeEphemeral();
    const idToken = await tokenFromProvider(keyPair.nonce);
    const { status, body, caller } = await postKeyless({ idToken });
    expect(status).toBe(200);
    const session = dataEnvelope(KeylessSessionSchema).parse(body).data;
    expect(session).toMatchObject({ method: 'keyless', user: null });
    expect(session.address).toMatch(/^0x[0-9a-f]{64}$/);
    expect(session.pepper).toMatch(/^0x[0-9a-f]{62}$/);
    expect(caller.cookie).toMatch(/^reel_session=[0-9a-f]{64}$/);

    // The address is the one the Aptos network derives for (iss, aud, sub, pepper).
    const claims = decodeJwt(idToken);
    const expected = KeylessPublicKey.create({
      iss: ISSUER,
      aud: env.DEV_OIDC_CLIENT_ID,
      uidKey: 'sub',
      uidVal: String(claims.sub),
      pepper: session.pepper,
    });
    expect(session.address).toBe(expected.authKey().derivedAddress().toStringLong());

    const me = dataEnvelope(SessionInfoSchema).parse((await caller.json('/api/auth/me', 'GET')).body).data;
    expect(me).toEqual({ address: session.address, method: 'keyless', user: null });
  });

  it('gives the same person the same address and pepper every time, and another person another', async () => {
    const signInAs = async (email: string) => {
      const idToken = await tokenFromProvider(makeEphemeral().keyPair.nonce, email);
      return dataEnvelope(KeylessSessionSchema).parse((await postKeyless({ idToken })).body).data;
    };
    const first = await signInAs('demo@reel.local');
    const second = await signInAs('demo@reel.local');
    const other = await signInAs('someone.else@reel.local');
    expect(second.address).toBe(first.address);
    expect(second.pepper).toBe(first.pepper);
    expect(other.address).not.toBe(first.address);
    expect(other.pepper).not.toBe(first.pepper);
    expect(await countSessions()).toBe(3);
  });

  it('accepts a token that expired within the clock skew', async () => {
    const { status } = await postKeyless({ idToken: await mintToken({ exp: nowSecs() - 30 }) });
    expect(status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const iat = nowSecs() - 7200;
    await expectRefused(await mintToken({ iat, exp: iat + 3600 }), 'The sign-in token has expired');
  });

  it('refuses a tampered token whose signature no longer matches', async () => {
    const [header, payload, signature] = (await mintToken()).split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload ?? '')));
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: '999999999999999999999' }));
    await expectRefused(`${header}.${forged}.${signature}`, 'The sign-in token signature is invalid');
  });

  it('refuses a token for another application', async () => {
    await expectRefused(
      await mintToken({ aud: 'another-client' }),
      'The sign-in token was issued for another application',
    );
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused(
      await mintToken({ iss: 'https://accounts.google.com' }),
      'The sign-in token comes from an unexpected issuer',
    );
  });

  it('refuses a token without a nonce', async () => {
    await expectRefused(await mintToken({ nonce: undefined }), 'The sign-in token carries no nonce');
  });

  it('refuses a token signed by another key, under the provider key id or its own', async () => {
    const providerKey = await devSigningKey(env.DB, new Date());
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const claims = decodeJwt(await mintToken());
    for (const kid of [providerKey.kid, (await exportJWK(publicKey)).n?.slice(0, 16) ?? 'other']) {
      const token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
      await expectRefused(token, 'The sign-in token signature is invalid');
    }
  });

  it('refuses an unsigned or malformed token', async () => {
    const claims = decodeJwt(await mintToken());
    const unsigned = `${base64url.encode('{"alg":"none"}')}.${base64url.encode(JSON.stringify(claims))}.`;
    await expectRefused(unsigned, 'The sign-in token is malformed');
    await expectRefused('not-a-token', 'The sign-in token is malformed');
  });

  it('refuses a replayed token and keeps the first session only', async () => {
    const idToken = await tokenFromProvider(makeEphemeral().keyPair.nonce);
    expect((await postKeyless({ idToken })).status).toBe(200);
    const replay = await postKeyless({ idToken });
    expect(replay.status).toBe(401);
    expect(errorMessage(replay.body).message).toBe('This sign-in token was already used');
    expect(replay.caller.cookie).toBeNull();
    expect(await countSessions()).toBe(1);
  });

  it('answers where the browser starts a keyless sign-in', async () => {
    const { body } = await newCaller().json('/api/auth/keyless/config', 'GET');
    expect(body).toEqual({
      data: {
        provider: 'local',
        clientId: env.DEV_OIDC_CLIENT_ID,
        authorizationEndpoint: '/dev-oidc/authorize',
      },
    });
  });
});

describe('keyless session restore', () => {
  /** First sign-in, as /callback does; answers what the browser stores. */
  const firstSignIn = async () => {
    const ephemeral = makeEphemeral();
    const idToken = await tokenFromProvider(ephemeral.keyPair.nonce);
    const session = dataEnvelope(KeylessSessionSchema).parse((await postKeyless({ idToken })).body).data;
    return { ...ephemeral, idToken, address: session.address };
  };

  /** A proof that `signer` holds the ephemeral key, over a fresh server nonce for `address`. */
  const proofFor = async (
    address: string,
    keyPair: EphemeralKeyPair,
    signer: Ed25519PrivateKey,
    message?: { nonce: string; message: string },
  ) => {
    const challenge = message ?? (await getNonce(newCaller(), address));
    const fullMessage = `APTOS\nmessage: ${challenge.message}\nnonce: ${challenge.nonce}`;
    return {
      ephemeralPublicKey: signer.publicKey().toString(),
      expiryDateSecs: keyPair.expiryDateSecs,
      blinder: Hex.fromHexInput(keyPair.blinder).toString(),
      fullMessage,
      signature: signer.sign(new TextEncoder().encode(fullMessage)).toString(),
    };
  };

  it('re-opens a session with the stored token when the caller proves it holds the ephemeral key', async () => {
    const { idToken, keyPair, privateKey, address } = await firstSignIn();
    const restored = await postKeyless({ idToken, proof: await proofFor(address, keyPair, privateKey) });
    expect(restored.status).toBe(200);
    expect(dataEnvelope(KeylessSessionSchema).parse(restored.body).data.address).toBe(address);
    const me = await restored.caller.json('/api/auth/me', 'GET');
    expect(dataEnvelope(SessionInfoSchema).parse(me.body).data).toMatchObject({ address, method: 'keyless' });
    expect(await countSessions()).toBe(2);
  });

  it('refuses a proof by a key the token was not issued for', async () => {
    const { idToken, keyPair, address } = await firstSignIn();
    const stranger = makeEphemeral().privateKey;
    const result = await postKeyless({ idToken, proof: await proofFor(address, keyPair, stranger) });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('The ephemeral key does not match the sign-in token');
    expect(await countSessions()).toBe(1);
  });

  it('refuses a proof whose signature does not verify', async () => {
    const { idToken, keyPair, privateKey, address } = await firstSignIn();
    const proof = await proofFor(address, keyPair, privateKey);
    const forged = { ...proof, signature: makeEphemeral().privateKey.sign(proof.fullMessage).toString() };
    const result = await postKeyless({ idToken, proof: forged });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('Invalid signature');
  });

  it('refuses a replayed proof', async () => {
    const { idToken, keyPair, privateKey, address } = await firstSignIn();
    const proof = await proofFor(address, keyPair, privateKey);
    expect((await postKeyless({ idToken, proof })).status).toBe(200);
    const replay = await postKeyless({ idToken, proof });
    expect(replay.status).toBe(401);
    expect(errorMessage(replay.body).message).toBe('This sign-in request has expired or was already used');
    expect(await countSessions()).toBe(2);
  });

  it('refuses a proof over a nonce issued for another address', async () => {
    const { idToken, keyPair, privateKey, address } = await firstSignIn();
    const elsewhere = await getNonce(newCaller(), `0x${'ab'.repeat(32)}`);
    const proof = await proofFor(address, keyPair, privateKey, elsewhere);
    const result = await postKeyless({ idToken, proof });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('The signed message is not a Reel sign-in request');
  });

  it('refuses an expired ephemeral key', async () => {
    const privateKey = Ed25519PrivateKey.generate();
    const keyPair = new EphemeralKeyPair({ privateKey, expiryDateSecs: nowSecs() - 10 });
    const idToken = await mintToken({ nonce: keyPair.nonce });
    const address = dataEnvelope(KeylessSessionSchema).parse((await postKeyless({ idToken })).body).data
      .address;
    const result = await postKeyless({ idToken, proof: await proofFor(address, keyPair, privateKey) });
    expect(result.status).toBe(401);
    expect(errorMessage(result.body).message).toBe('The ephemeral key has expired');
  });
});
