import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import {
  Account,
  type AnyRawTransaction,
  type Ed25519Account,
  generateSignedTransaction,
  parseTypeTag,
} from '@aptos-labs/ts-sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import { fundApt, localAptos, newChainAccount } from '../factories/chain';

const APT = 100_000_000;
const ORIGIN = 'http://reel.test';

let alice: Ed25519Account;
let bob: Ed25519Account;

beforeEach(async () => {
  alice = newChainAccount();
  bob = newChainAccount();
  await fundApt(env, alice.accountAddress.toString(), APT);
});

const buildTransfer = (sender: Account, octas: number, options?: { accountSequenceNumber?: number }) =>
  localAptos(env).transaction.build.simple({
    sender: sender.accountAddress,
    data: { function: '0x1::aptos_account::transfer', functionArguments: [bob.accountAddress, octas] },
    options,
  });

const signedBytes = (signer: Account, transaction: AnyRawTransaction) =>
  generateSignedTransaction({
    transaction,
    senderAuthenticator: signer.signTransactionWithAuthenticator(transaction),
  });

/** Submits BCS bytes through the worker's own route, as a wallet would. */
const submit = async (bytes: Uint8Array) => {
  const response = await SELF.fetch(`${ORIGIN}/localnet/v1/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const aptOf = (account: Account) =>
  localAptos(env).getAccountAPTAmount({ accountAddress: account.accountAddress });
const sequenceOf = async (account: Account) =>
  (await localAptos(env).getAccountInfo({ accountAddress: account.accountAddress })).sequence_number;

const vmError = (status: string, code: number) => ({
  message: `Invalid transaction: Type: Validation Code: ${status}`,
  error_code: 'vm_error',
  vm_error_code: code,
});

describe('local chain refusals', () => {
  it('refuses a transaction whose signature was tampered with, and changes nothing', async () => {
    const bytes = signedBytes(alice, await buildTransfer(alice, 1000));
    const last = bytes.length - 1;
    bytes[last] = (bytes[last] ?? 0) ^ 0x01;
    expect(await submit(bytes)).toEqual({ status: 400, body: vmError('INVALID_SIGNATURE', 1) });
    expect(await aptOf(alice)).toBe(APT);
    expect(await aptOf(bob)).toBe(0);
    expect(await sequenceOf(alice)).toBe('0');
  });

  it('refuses a sequence number that is not the account’s', async () => {
    const bytes = signedBytes(alice, await buildTransfer(alice, 1000, { accountSequenceNumber: 5 }));
    expect(await submit(bytes)).toEqual({ status: 400, body: vmError('SEQUENCE_NUMBER_TOO_NEW', 4) });
    expect(await aptOf(alice)).toBe(APT);
  });

  it('refuses a key that is not the account’s authentication key', async () => {
    const mallory = newChainAccount();
    const impostor = Account.fromPrivateKey({
      privateKey: mallory.privateKey,
      address: alice.accountAddress,
    });
    const bytes = signedBytes(impostor, await buildTransfer(alice, 1000));
    expect(await submit(bytes)).toEqual({ status: 400, body: vmError('INVALID_AUTH_KEY', 2) });
    expect(await aptOf(alice)).toBe(APT);
  });

  it('refuses the replay of a committed transaction', async () => {
    const bytes = signedBytes(alice, await buildTransfer(alice, 1000));
    expect((await submit(bytes)).status).toBe(202);
    expect(await submit(bytes)).toEqual({ status: 400, body: vmError('SEQUENCE_NUMBER_TOO_OLD', 3) });
    expect(await aptOf(bob)).toBe(1000);
    expect(await sequenceOf(alice)).toBe('1');
  });

  it('lets only one of two racing transactions with the same sequence number commit', async () => {
    const first = signedBytes(alice, await buildTransfer(alice, 1000));
    const second = signedBytes(alice, await buildTransfer(alice, 2000));
    const answers = await Promise.all([submit(first), submit(second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 400]);
    expect([1000, 2000]).toContain(await aptOf(bob));
    expect(await sequenceOf(alice)).toBe('1');
  });

  it('refuses entry functions other than the two transfers', async () => {
    const transaction = await localAptos(env).transaction.build.simple({
      sender: alice.accountAddress,
      data: {
        function: '0x1::aptos_account::create_account',
        functionArguments: [bob.accountAddress],
        abi: { signers: 1, typeParameters: [], parameters: [parseTypeTag('address')] },
      },
    });
    const { status, body } = await submit(signedBytes(alice, transaction));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error_code: 'invalid_input', vm_error_code: null });
    expect(await sequenceOf(alice)).toBe('0');
  });

  it('refuses a body that is not a signed transaction', async () => {
    const { status, body } = await submit(new Uint8Array([1, 2, 3]));
    expect(status).toBe(400);
    expect(body).toMatchObject({ error_code: 'invalid_input' });
  });

  it('commits a transfer beyond the balance as failed, charging only gas', async () => {
    const aptos = localAptos(env);
    const transaction = await buildTransfer(alice, 5 * APT);
    const pending = await aptos.signAndSubmitTransaction({ signer: alice, transaction });
    const committed = await aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    });
    expect(committed.success).toBe(false);
    expect(committed.vm_status).toMatch(/^Move abort in 0x1::coin: EINSUFFICIENT_BALANCE\(0x10006\)/);
    const fee = Number(committed.gas_used) * Number((committed as { gas_unit_price: string }).gas_unit_price);
    expect(await aptOf(alice)).toBe(APT - fee);
    expect(await aptOf(bob)).toBe(0);
    expect(await sequenceOf(alice)).toBe('1');
  });
});

describe('local chain faucet and reads', () => {
  it('mints like the Aptos faucet: an array with the hash of a committed mint', async () => {
    const address = bob.accountAddress.toString();
    const response = await SELF.fetch(`${ORIGIN}/localnet/faucet/mint?address=${address}&amount=12345`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    const hashes = (await response.json()) as string[];
    expect(hashes).toHaveLength(1);
    const mint = await localAptos(env).getTransactionByHash({ transactionHash: hashes[0] ?? '' });
    expect(mint).toMatchObject({
      type: 'user_transaction',
      success: true,
      payload: { function: '0x1::aptos_coin::mint', arguments: [address, '12345'] },
    });
    expect(await aptOf(bob)).toBe(12345);
  });

  it('refuses a mint above 1000 APT or to something that is not an address', async () => {
    const address = bob.accountAddress.toString();
    for (const query of [
      `address=${address}&amount=${1000 * APT + 1}`,
      'address=bob&amount=1',
      `address=${address}&amount=-1`,
    ]) {
      const response = await SELF.fetch(`${ORIGIN}/localnet/faucet/mint?${query}`, { method: 'POST' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error_code: 'invalid_input' });
    }
    expect(await aptOf(bob)).toBe(0);
  });

  it('answers ledger info with the local chain id, and the treasury with the relayer key as auth key', async () => {
    const info = await (await SELF.fetch(`${ORIGIN}/localnet/v1`)).json();
    expect(info).toMatchObject({ chain_id: 4, node_role: 'full_node' });
    const treasury = await localAptos(env).getAccountInfo({ accountAddress: env.PLATFORM_ADDRESS });
    expect(treasury.authentication_key).not.toBe(env.PLATFORM_ADDRESS);
    const reel = await localAptos(env).getAccountCoinAmount({
      accountAddress: env.PLATFORM_ADDRESS,
      faMetadataAddress: env.REEL_ASSET,
    });
    expect(reel).toBeGreaterThan(0);
  });

  it('answers an unknown transaction hash with the fullnode 404 shape', async () => {
    const response = await SELF.fetch(`${ORIGIN}/localnet/v1/transactions/by_hash/0x${'ab'.repeat(32)}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error_code: 'transaction_not_found', vm_error_code: null });
  });

  it('does not exist unless APTOS_NETWORK is local', async () => {
    const testnet = {
      ...env,
      APTOS_NETWORK: 'testnet',
      APTOS_NODE_URL: '',
      RELAYER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
    };
    for (const path of ['/localnet/v1', `/localnet/faucet/mint?address=0x1&amount=1`]) {
      const response = await app.request(`${ORIGIN}${path}`, { method: 'POST' }, testnet);
      expect(response.status).toBe(404);
    }
    expect((await app.request(`${ORIGIN}/localnet/v1`, {}, testnet)).status).toBe(404);
  });
});
