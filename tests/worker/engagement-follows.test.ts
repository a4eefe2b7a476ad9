import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { dataEnvelope } from '../../schema/api';
import { FollowStateSchema, FollowUserSchema } from '../../schema/engagement';
import { followTotals, registeredUser, unknownId } from '../factories/engagement';
import { errorMessage, newCaller, signIn } from './session';

const followState = (body: unknown) => dataEnvelope(FollowStateSchema).parse(body).data;
const followUsers = dataEnvelope(z.array(FollowUserSchema));

describe('following', () => {
  it('follows a creator and counts it on both users', async () => {
    const [fan, creator] = [await registeredUser(), await registeredUser()];
    const pair = { followerId: fan.user.id, followingId: creator.user.id };
    const result = await fan.caller.json('/api/users/follow', 'POST', pair);
    expect(followState(result.body)).toEqual({ isFollowing: true, followers: 1, following: 1 });
    expect(await followTotals(creator.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await followTotals(fan.user.id)).toEqual({ followers: 0, following: 1 });

    const visitor = newCaller();
    const check = `/api/users/follow/check?followerId=${fan.user.id}&followingId=${creator.user.id}`;
    expect((await visitor.json(check, 'GET')).body).toEqual({ data: { isFollowing: true } });
    expect((await visitor.json(`/api/users/${creator.user.id}/follow-stats`, 'GET')).body).toEqual({
      data: { followers: 1, following: 0 },
    });
    const followers = followUsers.parse(
      (await visitor.json(`/api/users/${creator.user.id}/followers`, 'GET')).body,
    );
    expect(followers.data).toMatchObject([{ id: fan.user.id, username: fan.user.username }]);
    const following = followUsers.parse(
      (await visitor.json(`/api/users/${fan.user.id}/following`, 'GET')).body,
    );
    expect(following.data).toMatchObject([{ id: creator.user.id, followers: 1 }]);
  });

  it('counts a repeated follow once and unfollows back to 0, twice without error', async () => {
    const [fan, creator] = [await registeredUser(), await registeredUser()];
    const pair = { followerId: fan.user.id, followingId: creator.user.id };
    const first = await fan.caller.json('/api/users/follow', 'POST', pair);
    expect(await fan.caller.json('/api/users/follow', 'POST', pair)).toEqual(first);
    for (let n = 0; n < 2; n++) {
      const result = await fan.caller.json('/api/users/follow', 'DELETE', pair);
      expect(followState(result.body)).toEqual({ isFollowing: false, followers: 0, following: 0 });
    }
    expect(await followTotals(creator.user.id)).toEqual({ followers: 0, following: 0 });
    const check = `/api/users/follow/check?followerId=${fan.user.id}&followingId=${creator.user.id}`;
    expect((await newCaller().json(check, 'GET')).body).toEqual({ data: { isFollowing: false } });
  });

  it('counts 10 concurrent follows by the same user once', async () => {
    const [fan, creator] = [await registeredUser(), await registeredUser()];
    const body = JSON.stringify({ followerId: fan.user.id, followingId: creator.user.id });
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => fan.caller.fetch('/api/users/follow', init)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    await Promise.all(responses.map((response) => response.body?.cancel()));
    expect(await followTotals(creator.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await followTotals(fan.user.id)).toEqual({ followers: 0, following: 1 });
  });

  it('keeps the users routes reachable next to the follow routes', async () => {
    const fan = await registeredUser();
    const visitor = newCaller();
    expect((await visitor.json('/api/users/top', 'GET')).status).toBe(200);
    expect((await visitor.json(`/api/users/check/${fan.user.username}`, 'GET')).body).toMatchObject({
      data: { exists: true },
    });
    expect((await visitor.json(`/api/users/username/${fan.user.username}`, 'GET')).status).toBe(200);
  });
});

describe('refusing follows', () => {
  it('refuses following oneself with a clear 400', async () => {
    const fan = await registeredUser();
    const pair = { followerId: fan.user.id, followingId: fan.user.id };
    for (const method of ['POST', 'DELETE']) {
      const result = await fan.caller.json('/api/users/follow', method, pair);
      expect(result.status).toBe(400);
      expect(errorMessage(result.body).message).toBe('You cannot follow yourself');
    }
    expect(await followTotals(fan.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('answers 404 for an unknown user to follow, check or list', async () => {
    const fan = await registeredUser();
    const pair = { followerId: fan.user.id, followingId: unknownId() };
    const result = await fan.caller.json('/api/users/follow', 'POST', pair);
    expect(result.status).toBe(404);
    expect(errorMessage(result.body).message).toBe('User not found');
    expect((await fan.caller.json('/api/users/follow', 'DELETE', pair)).status).toBe(404);
    expect(await followTotals(fan.user.id)).toEqual({ followers: 0, following: 0 });
    const visitor = newCaller();
    const check = `/api/users/follow/check?followerId=${fan.user.id}&followingId=${unknownId()}`;
    expect((await visitor.json(check, 'GET')).status).toBe(404);
    for (const what of ['followers', 'following', 'follow-stats']) {
      expect((await visitor.json(`/api/users/${unknownId()}/${what}`, 'GET')).status, what).toBe(404);
    }
  });

  it('refuses visitors (401), unregistered wallets and other followers (403), bad payloads (400)', async () => {
    const [fan, other, creator] = [await registeredUser(), await registeredUser(), await registeredUser()];
    const asOther = { followerId: other.user.id, followingId: creator.user.id };
    expect((await newCaller().json('/api/users/follow', 'POST', {})).status).toBe(401);
    expect((await (await signIn()).caller.json('/api/users/follow', 'POST', asOther)).status).toBe(403);
    expect((await fan.caller.json('/api/users/follow', 'POST', asOther)).status).toBe(403);
    expect((await fan.caller.json('/api/users/follow', 'DELETE', asOther)).status).toBe(403);
    const bad = await fan.caller.json('/api/users/follow', 'POST', { followerId: fan.user.id });
    expect(bad.status).toBe(400);
    expect(errorMessage(bad.body).message).toBe('followingId: followingId is required');
    const check = await newCaller().json(`/api/users/follow/check?followerId=${fan.user.id}`, 'GET');
    expect(check.status).toBe(400);
    expect(await followTotals(creator.user.id)).toEqual({ followers: 0, following: 0 });
  });
});
