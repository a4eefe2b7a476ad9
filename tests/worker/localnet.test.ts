import { env } from 'cloudflare:workers';
import { AptosApiError, generateUserTransactionHash } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { fundApt, localAptos, newChainAccount } from '../factories/chain';

const APT = 100_000_000;

describe('local chain', () => {
  it('runs an APT transfer signed with the ts-sdk and reads it back by hash', async () => {
    const aptos = localAptos(env);
    const alice = newChainAccount();
    const bob = newChainAccount();
    await fundApt(env, alice.accountAddress.toString(), 2 * APT);

    const transaction = await aptos.transaction.build.simple({
      sender: alice.accountAddress,
      data: { function: '0x1::aptos_account::transfer', functionArguments: [bob.accountAddress, 50_000_000] },
    });
    const senderAuthenticator = aptos.transaction.sign({ signer: alice, transaction });
    const pending = await aptos.transaction.submit.simple({ transaction, senderAuthenticator });
    expect(pending.hash).toBe(generateUserTransactionHash({ transaction, senderAuthenticator }));
    await aptos.waitForTransaction({ transactionHash: pending.hash });

    const read = await aptos.getTransactionByHash({ transactionHash: pending.hash });
    expect(read).toMatchObject({
      type: 'user_transaction',
      hash: pending.hash,
      success: true,
      vm_status: 'Executed successfully',
      sender: alice.accountAddress.toString(),
      sequence_number: '0',
      payload: {
        type: 'entry_function_payload',
        function: '0x1::aptos_account::transfer',
        arguments: [bob.accountAddress.toString(), '50000000'],
      },
    });
    if (read.type !== 'user_transaction') throw new Error('not a user transaction');
    const fee = Number(read.gas_used) * Number(read.gas_unit_price);
    expect(fee).toBeGreaterThan(0);
    expect(await aptos.getAccountAPTAmount({ accountAddress: alice.accountAddress })).toBe(
      2 * APT - 50_000_000 - fee,
    );
    expect(await aptos.getAccountAPTAmount({ accountAddress: bob.accountAddress })).toBe(50_000_000);
    expect((await aptos.getAccountInfo({ accountAddress: alice.accountAddress })).sequence_number).toBe('1');
  });

  it('answers an unknown account with the fullnode 404 shape', async () => {
    const aptos = localAptos(env);
    const error = await aptos
      .getAccountInfo({ accountAddress: newChainAccount().accountAddress })
      .catch((e) => e);
    expect(error).toBeInstanceOf(AptosApiError);
    expect(error.status).toBe(404);
    expect(error.data).toMatchObject({ error_code: 'account_not_found', vm_error_code: null });
  });
});
