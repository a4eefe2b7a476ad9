import { Ed25519PrivateKey, EphemeralKeyPair, Hex, KeylessPublicKey } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { derivePepper, ephemeralNonce, keylessAddress } from '../../worker/api/auth/keyless-crypto';

const person = { iss: 'https://accounts.google.com', aud: 'reel-client', sub: '100000000000000000001' };
const key = new TextEncoder().encode('a pepper key for tests');

describe('derivePepper', () => {
  it('gives the same person the same 31-byte pepper every time', async () => {
    const pepper = await derivePepper(key, person);
    expect(pepper).toMatch(/^0x[0-9a-f]{62}$/);
    expect(await derivePepper(key, person)).toBe(pepper);
  });

  it('gives another subject, audience, issuer or key another pepper', async () => {
    const pepper = await derivePepper(key, person);
    expect(await derivePepper(key, { ...person, sub: '2' })).not.toBe(pepper);
    expect(await derivePepper(key, { ...person, aud: 'other' })).not.toBe(pepper);
    expect(await derivePepper(key, { ...person, iss: 'http://127.0.0.1:8787/dev-oidc' })).not.toBe(pepper);
    expect(await derivePepper(new TextEncoder().encode('another key'), person)).not.toBe(pepper);
  });
});

describe('keylessAddress', () => {
  it('is the address the ts-sdk derives for the keyless public key', async () => {
    const pepper = await derivePepper(key, person);
    const expected = KeylessPublicKey.create({ ...person, uidKey: 'sub', uidVal: person.sub, pepper })
      .authKey()
      .derivedAddress()
      .toStringLong();
    expect(await keylessAddress(person, pepper)).toBe(expected);
    expect(expected).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('ephemeralNonce', () => {
  it('recomputes the nonce an EphemeralKeyPair commits to from its public parts', async () => {
    const privateKey = Ed25519PrivateKey.generate();
    const keyPair = new EphemeralKeyPair({ privateKey, expiryDateSecs: 1_900_000_000 });
    const args = {
      ed25519PublicKey: privateKey.publicKey().toString(),
      expiryDateSecs: keyPair.expiryDateSecs,
      blinder: Hex.fromHexInput(keyPair.blinder).toString(),
    };
    expect(await ephemeralNonce(args)).toBe(keyPair.nonce);
    expect(await ephemeralNonce({ ...args, expiryDateSecs: args.expiryDateSecs + 1 })).not.toBe(
      keyPair.nonce,
    );
  });
});
