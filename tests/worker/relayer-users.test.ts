import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dataEnvelope } from '../../schema/api';
import { UserSchema } from '../../schema/user';
import { makeWallet } from '../factories/wallet';
import { newCaller, signIn } from './session';

/** Signs in a fresh wallet and registers its profile through the product API. */
const registered = async (username: string) => {
  const { caller, wallet } = await signIn();
  const result = await caller.json('/api/users', 'POST', {
    username,
    fullName: 'Test Person',
    email: `${username}@example.com`,
    description: 'A person for relayer tests.',
    avatar: '/media/images/a.png',
    aptosAddress: wallet.address,
  });
  return { caller, wallet, user: dataEnvelope(UserSchema).parse(result.body).data };
};

describe('relayer user routes', () => {
  it('registers the caller with the relayer by opening a zero REEL ledger account, once', async () => {
    const { caller, wallet, user } = await registered('relay_one');
    const body = { userData: { aptosAddress: wallet.address } };
    expect((await caller.json('/relayer/api/users/register', 'POST', body)).status).toBe(200);
    expect((await caller.json('/relayer/api/users/register', 'POST', body)).status).toBe(200);

    const balance = await env.DB.prepare('SELECT amount FROM balances WHERE account_id = ?1')
      .bind(`user:${user.id}`)
      .first<{ amount: number }>();
    expect(balance).toEqual({ amount: 0 });
    const read = await newCaller().json(`/relayer/api/users/${wallet.address}`, 'GET');
    expect(read.body).toEqual({
      data: { address: wallet.address, registered: true, balance: 0, followers: 0, following: 0 },
    });
  });

  it("refuses to register or update someone else's address", async () => {
    const { caller } = await registered('relay_two');
    const other = { userData: { aptosAddress: makeWallet().address } };
    expect((await caller.json('/relayer/api/users/register', 'POST', other)).status).toBe(403);
    expect((await caller.json('/relayer/api/users/update-info', 'POST', other)).status).toBe(403);
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_accounts').first<{ n: number }>())?.n,
    ).toBe(0);
  });

  it('needs a signed-in, registered caller', async () => {
    const visitor = await newCaller().json('/relayer/api/users/register', 'POST', { userData: {} });
    expect(visitor.status).toBe(401);
    const { caller } = await signIn();
    expect((await caller.json('/relayer/api/users/register', 'POST', { userData: {} })).status).toBe(403);
  });

  it('recounts follower totals from the follows rows and ignores the number sent', async () => {
    const creator = await registered('relay_creator');
    const fan = await registered('relay_fan');
    await env.DB.prepare('INSERT INTO follows (follower_id, following_id, created_at) VALUES (?1, ?2, ?3)')
      .bind(fan.user.id, creator.user.id, new Date().toISOString())
      .run();

    const followers = await fan.caller.json(
      `/relayer/api/users/${creator.wallet.address}/update-followers`,
      'POST',
      {
        newFollowers: 1_000_000,
      },
    );
    expect(followers.body).toEqual({ data: { followers: 1 } });
    const following = await fan.caller.json(
      `/relayer/api/users/${fan.wallet.address}/update-following`,
      'POST',
      {
        newFollowing: 42,
      },
    );
    expect(following.body).toEqual({ data: { following: 1 } });
    expect(
      (await newCaller().json(`/api/users/address/${creator.wallet.address}`, 'GET')).body,
    ).toMatchObject({
      data: { followers: 1 },
    });
  });

  it('answers 404 for an address nobody registered', async () => {
    expect((await newCaller().json(`/relayer/api/users/${makeWallet().address}`, 'GET')).status).toBe(404);
  });
});
