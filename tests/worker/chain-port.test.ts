import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { canonicalAddress } from '../../schema/chain';
import { ChainSendError } from '../../worker/ports/chain';
import { chainFor } from '../../worker/providers/chain';
import { fundApt, localAptos, newChainAccount, transferApt, transferReel } from '../factories/chain';

const APT = 100_000_000;
const PLATFORM = canonicalAddress(env.PLATFORM_ADDRESS) ?? '';

describe('chain port on the local chain', () => {
  it('reads a deposit by hash: success, sender, receiver, asset and amount', async () => {
    const chain = chainFor(env);
    const payer = newChainAccount();
    await fundApt(env, payer.accountAddress.toString(), 2 * APT);
    const hash = await transferApt(env, payer, chain.platformAddress, 50_000_000);

    expect(await chain.transferByHash(hash)).toEqual({
      hash,
      success: true,
      sender: payer.accountAddress.toStringLong(),
      receiver: PLATFORM,
      asset: 'apt',
      amount: 50_000_000,
    });
    expect(await chain.aptBalance(payer.accountAddress.toString())).toBeLessThan(2 * APT - 50_000_000);
  });

  it('reads a transfer that failed on chain as not successful', async () => {
    const chain = chainFor(env);
    const payer = newChainAccount();
    await fundApt(env, payer.accountAddress.toString(), APT);
    const hash = await transferApt(env, payer, chain.platformAddress, 3 * APT);
    expect(await chain.transferByHash(hash)).toMatchObject({
      success: false,
      receiver: PLATFORM,
      amount: 3 * APT,
    });
  });

  it('answers null for a hash the chain does not know, or that is not a hash', async () => {
    const chain = chainFor(env);
    expect(await chain.transferByHash(`0x${'12'.repeat(32)}`)).toBeNull();
    expect(await chain.transferByHash('not-a-hash')).toBeNull();
  });

  it('answers 0 APT for an account the chain does not know', async () => {
    expect(await chainFor(env).aptBalance(newChainAccount().accountAddress.toString())).toBe(0);
  });

  it('sends REEL from the treasury, and the receiver reads it on chain', async () => {
    const chain = chainFor(env);
    const receiver = newChainAccount();
    const { hash } = await chain.sendReel(receiver.accountAddress.toString(), 2_500_000_000);

    expect(await chain.transferByHash(hash)).toEqual({
      hash,
      success: true,
      sender: PLATFORM,
      receiver: receiver.accountAddress.toStringLong(),
      asset: 'reel',
      amount: 2_500_000_000,
    });
    const balance = await localAptos(env).getAccountCoinAmount({
      accountAddress: receiver.accountAddress,
      faMetadataAddress: env.REEL_ASSET,
    });
    expect(balance).toBe(2_500_000_000);
  });

  it('sends several withdrawals at once, each on its own sequence number', async () => {
    const chain = chainFor(env);
    const receivers = [newChainAccount(), newChainAccount(), newChainAccount()];
    const sends = await Promise.all(receivers.map((r) => chain.sendReel(r.accountAddress.toString(), 100)));
    expect(new Set(sends.map((s) => s.hash)).size).toBe(3);
  });

  it('throws ChainSendError when the send fails on chain, moving no REEL', async () => {
    const chain = chainFor(env);
    const receiver = newChainAccount();
    const error = await chain
      .sendReel(receiver.accountAddress.toString(), 8_000_000_000_000_000)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ChainSendError);
    const balance = await localAptos(env).getAccountCoinAmount({
      accountAddress: receiver.accountAddress,
      faMetadataAddress: env.REEL_ASSET,
    });
    expect(balance).toBe(0);
  });

  it('reads a REEL transfer between users through the factories', async () => {
    const chain = chainFor(env);
    const holder = newChainAccount();
    await fundApt(env, holder.accountAddress.toString(), APT);
    await chain.sendReel(holder.accountAddress.toString(), 1000);
    const hash = await transferReel(env, holder, chain.platformAddress, 400);
    expect(await chain.transferByHash(hash)).toMatchObject({
      success: true,
      asset: 'reel',
      amount: 400,
      receiver: PLATFORM,
    });
  });
});
