import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { insertVideo } from '../factories/content';
import { registeredUser } from '../factories/engagement';
import { createStreamKey } from '../factories/live';
import { type Caller, newCaller } from './session';

/** The creator everyone looks at, followed and commented on by a fan, owning a stream key. */
const setUp = async () => {
  const creator = await registeredUser();
  const fan = await registeredUser();
  const email = `${creator.user.username}@example.com`;
  const video = await insertVideo(env.DB, creator.user.id);
  await fan.caller.json('/api/users/follow', 'POST', {
    followerId: fan.user.id,
    followingId: creator.user.id,
  });
  await creator.caller.json(`/api/comments/videos/${video.id}`, 'POST', {
    userId: creator.user.id,
    content: 'Thanks for watching',
  });
  await createStreamKey(creator);
  return { creator, fan, email };
};

/** Every public answer that names the creator, read by `reader`. */
const publicAnswers = async (
  reader: Caller,
  creator: Awaited<ReturnType<typeof registeredUser>>['user'],
  fanId: string,
) => {
  const { username, aptosAddress, id } = creator;
  const paths = [
    `/api/users/search?q=${username}`,
    '/api/users/search/category?category=Gaming',
    `/api/users/search/suggestions?q=${username}`,
    `/api/users/check/${username}`,
    `/api/users/check/${aptosAddress}`,
    `/api/users/username/${username}`,
    `/api/users/address/${aptosAddress}`,
    '/api/users/top',
    `/api/users/${fanId}/following`,
    `/api/users/${id}/followers`,
    `/api/stream-keys/user/${id}`,
    `/api/stream-keys/username/${username}`,
    '/api/stream-keys',
    `/relayer/api/users/${aptosAddress}`,
  ];
  const answers: Array<[string, number, string]> = [];
  for (const path of paths) {
    const response = await reader.fetch(path);
    answers.push([path, response.status, await response.text()]);
  }
  const { results } = await env.DB.prepare('SELECT id FROM videos WHERE user_id = ?1')
    .bind(id)
    .all<{ id: string }>();
  for (const { id: videoId } of results) {
    const response = await reader.fetch(`/api/comments/videos/${videoId}`);
    answers.push([`comments of ${videoId}`, response.status, await response.text()]);
  }
  return answers;
};

describe("a user's email", () => {
  it('is in no public answer read by a visitor', async () => {
    const { creator, fan, email } = await setUp();
    const answers = await publicAnswers(newCaller(), creator.user, fan.user.id);
    // The creator is found where a visitor may look (so an absent email is not an absent user).
    expect(answers.find(([path]) => path.startsWith('/api/users/username/'))?.[1]).toBe(200);
    expect(answers.find(([path]) => path.startsWith('/api/users/search?'))?.[2]).toContain(
      creator.user.username,
    );
    for (const [path, , body] of answers) expect(body, path).not.toContain(email);
  });

  it('is in no answer another signed-in user reads', async () => {
    const { creator, fan, email } = await setUp();
    const answers = await publicAnswers(fan.caller, creator.user, fan.user.id);
    expect(answers.find(([path]) => path.startsWith('/api/users/address/'))?.[1]).toBe(200);
    for (const [path, , body] of answers) expect(body, path).not.toContain(email);
  });

  it('goes to its owner through auth/me only, never in the public reads the device may keep', async () => {
    const { creator, email } = await setUp();
    const me = await creator.caller.json('/api/auth/me', 'GET');
    expect(me.body).toMatchObject({ data: { user: { id: creator.user.id, email } } });
    // Even the owner's own profile reads leave it out: the service worker caches them.
    const own = await creator.caller.json(`/api/users/username/${creator.user.username}`, 'GET');
    expect(own.body).toMatchObject({ data: { id: creator.user.id, videos: 1 } });
    expect(JSON.stringify(own.body)).not.toContain(email);
    const byAddress = await creator.caller.json(`/api/users/address/${creator.user.aptosAddress}`, 'GET');
    expect(byAddress.body).toMatchObject({ data: { id: creator.user.id } });
    expect(JSON.stringify(byAddress.body)).not.toContain(email);
  });

  it("is the owner's alone in the registration and edit answers", async () => {
    const { creator, email } = await setUp();
    const { username, fullName, description, avatar } = creator.user;
    const saved = await creator.caller.json(`/api/users/${creator.user.id}`, 'PUT', {
      username,
      fullName,
      email,
      description,
      avatar,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: { email } });
  });
});
