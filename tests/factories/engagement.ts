import { env } from 'cloudflare:workers';
import { dataEnvelope } from '../../schema/api';
import { UserSchema } from '../../schema/user';
import { signIn } from '../worker/session';
import { insertVideo, type VideoRowInput } from './content';

/** A signed-in wallet registered through the API, as the web app does it. */
export const registeredUser = async () => {
  const { caller, wallet } = await signIn();
  const name = `fan_${crypto.randomUUID().slice(0, 8)}`;
  const result = await caller.json('/api/users', 'POST', {
    username: name,
    fullName: `Fan ${name}`,
    email: `${name}@example.com`,
    description: 'A viewer who likes, comments and follows.',
    avatar: '/media/images/fan.png',
    aptosAddress: wallet.address,
  });
  if (result.status !== 201) throw new Error(`registration failed: ${JSON.stringify(result.body)}`);
  return { caller, wallet, user: dataEnvelope(UserSchema).parse(result.body).data };
};

export type RegisteredUser = Awaited<ReturnType<typeof registeredUser>>;

/** A creator (inserted directly) with one long video and one short. */
export const creatorWithContent = async (overrides: VideoRowInput = {}) => {
  const creator = await registeredUser();
  const video = await insertVideo(env.DB, creator.user.id, { ...overrides, type: 'video' });
  const short = await insertVideo(env.DB, creator.user.id, { ...overrides, type: 'short' });
  return { creator, video, short };
};

/** The denormalized counters of a video or short, read straight from D1. */
export const videoCounters = async (videoId: string) =>
  env.DB.prepare('SELECT likes, comments, shares, bookmarks FROM videos WHERE id = ?1')
    .bind(videoId)
    .first<{ likes: number; comments: number; shares: number; bookmarks: number }>();

/** A user's follow totals, read straight from D1. */
export const followTotals = async (userId: string) =>
  env.DB.prepare('SELECT followers, following FROM users WHERE id = ?1')
    .bind(userId)
    .first<{ followers: number; following: number }>();

/** An id no row has. */
export const unknownId = () => crypto.randomUUID();
