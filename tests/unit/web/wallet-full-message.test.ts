import { Account, Ed25519PrivateKey } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { createSignInMessage } from '../../../schema/siwa';
import { buildFullMessage } from '../../../web/features/wallet/full-message';
import { nonceInFullMessage } from '../../../worker/api/auth/sign-in-message';
import { addressOfEd25519Key, verifyEd25519 } from '../../../worker/api/auth/wallet-signature';

const nonce = '0123456789abcdef0123456789abcdef';
/** The SIWA text the server asks a wallet without `signIn` to sign (issue 14.3). */
const signInMessage = (address: string) =>
  createSignInMessage({
    domain: '127.0.0.1:8787',
    address,
    uri: 'http://127.0.0.1:8787',
    version: '1',
    chainId: 'aptos:localnet',
    nonce,
  });

describe('buildFullMessage', () => {
  it('writes APTOS, the message and the nonce on their own lines', () => {
    expect(buildFullMessage({ message: 'Hello', nonce: 'n1' })).toBe('APTOS\nmessage: Hello\nnonce: n1');
  });

  it('puts the requested lines between APTOS and the message, in the order Petra writes them', () => {
    expect(
      buildFullMessage({
        message: 'Hello',
        nonce: 'n1',
        chainId: 4,
        application: 'http://127.0.0.1:8787',
        address: '0xabc',
      }),
    ).toBe(
      'APTOS\naddress: 0xabc\napplication: http://127.0.0.1:8787\nchainId: 4\nmessage: Hello\nnonce: n1',
    );
  });

  it('keeps a message that spans lines as it is', () => {
    expect(buildFullMessage({ message: 'one\ntwo', nonce: 'n' })).toBe('APTOS\nmessage: one\ntwo\nnonce: n');
  });
});

describe('a dev wallet sign-in, as the server checks it', () => {
  const account = Account.fromPrivateKey({ privateKey: Ed25519PrivateKey.generate() });
  const address = account.accountAddress.toString();
  const publicKey = account.publicKey.toString();
  const sign = (fullMessage: string) => account.sign(new TextEncoder().encode(fullMessage)).toString();

  it('has the address the server derives from its public key', () => {
    expect(addressOfEd25519Key(publicKey)).toBe(address);
  });

  it('signs a fullMessage whose nonce and signature the server accepts', () => {
    const fullMessage = buildFullMessage({ message: signInMessage(address), nonce });
    expect(nonceInFullMessage(fullMessage, address)).toBe(nonce);
    expect(verifyEd25519(publicKey, sign(fullMessage), fullMessage)).toBe(true);
  });

  it('is still accepted with the optional address, application and chainId lines', () => {
    const fullMessage = buildFullMessage({
      message: signInMessage(address),
      nonce,
      address,
      application: 'http://127.0.0.1:8787',
      chainId: 4,
    });
    expect(nonceInFullMessage(fullMessage, address)).toBe(nonce);
    expect(verifyEd25519(publicKey, sign(fullMessage), fullMessage)).toBe(true);
  });

  it('signs the text itself, even when the text could be read as hex', () => {
    const text = '0xabcdef';
    expect(verifyEd25519(publicKey, sign(text), text)).toBe(true);
  });
});
