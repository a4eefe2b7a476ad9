import * as z from 'zod/mini';
import { ShortsPageSchema, VideoSchema } from '../../schema/content';
import { firstScreenPaths } from '../../schema/first-screen';
import { LiveSessionSchema, PublicStreamKeySchema } from '../../schema/live-session';
import { UserProfileSchema } from '../../schema/user';
import type { FirstScreen } from './inline';
import { homeMarkup, liveMarkup, profileMarkup, reelMarkup, renderMarkup, videoMarkup } from './markup';

/**
 * Reads one public API answer as a visitor would (no cookie), through the app itself so the data
 * is exactly what the app would get from the same path: the answer's `data`, or undefined when it
 * is not a 200 (unknown, private, failed): then the app asks for it itself.
 */
export type ReadApi = (path: string) => Promise<unknown>;

/** Reads `paths` side by side; answers the data by path, leaving out what did not answer. */
const readAll = async (readApi: ReadApi, paths: string[]) => {
  const answers = await Promise.all(paths.map(async (path) => [path, await readApi(path)] as const));
  return Object.fromEntries(answers.filter(([, data]) => data !== undefined));
};

/** Home: live sessions, latest shorts and videos, and the sidebar's top creators. */
export const homeScreen = async (readApi: ReadApi): Promise<FirstScreen | null> => {
  const paths = {
    live: firstScreenPaths.activeSessions(),
    shorts: firstScreenPaths.latestShorts(),
    videos: firstScreenPaths.latestVideos(),
    creators: firstScreenPaths.topCreators(),
  };
  const data = await readAll(readApi, Object.values(paths));
  const live = z.array(LiveSessionSchema).safeParse(data[paths.live]);
  const shorts = ShortsPageSchema.safeParse(data[paths.shorts]);
  const videos = z.array(VideoSchema).safeParse(data[paths.videos]);
  // Without the feeds there is no first screen to draw; the app shows its own loading or error.
  if (!shorts.success || !videos.success) return null;
  const markup = homeMarkup({
    live: live.success ? live.data : [],
    shorts: shorts.data.items,
    videos: videos.data,
  });
  return { markup: await renderMarkup(markup), data };
};

/** A long video's watch page. */
export const videoScreen = async (readApi: ReadApi, videoId: string): Promise<FirstScreen | null> => {
  const path = firstScreenPaths.video(videoId);
  const data = await readAll(readApi, [path]);
  const video = VideoSchema.safeParse(data[path]);
  if (!video.success || video.data.type !== 'video') return null;
  return { markup: await renderMarkup(videoMarkup(video.data)), data };
};

/** A creator's profile. */
export const profileScreen = async (readApi: ReadApi, username: string): Promise<FirstScreen | null> => {
  const path = firstScreenPaths.profile(username);
  const data = await readAll(readApi, [path]);
  const user = UserProfileSchema.safeParse(data[path]);
  if (!user.success) return null;
  return { markup: await renderMarkup(profileMarkup(user.data)), data };
};

/** The shorts feed of /reels: its first page, and the first short drawn. */
export const reelsScreen = async (readApi: ReadApi): Promise<FirstScreen | null> => {
  const path = firstScreenPaths.latestShorts();
  const data = await readAll(readApi, [path]);
  const page = ShortsPageSchema.safeParse(data[path]);
  const first = page.success ? page.data.items[0] : undefined;
  if (!first) return null;
  return { markup: await renderMarkup(reelMarkup(first)), data };
};

/**
 * A streamer's live page: their stream key, its current session and their profile (the page's own
 * first reads, so the app draws the page whole at once), and the live list, which names the session
 * on air with its still frame.
 */
export const liveScreen = async (readApi: ReadApi, username: string): Promise<FirstScreen | null> => {
  const paths = {
    key: firstScreenPaths.streamKeyByUsername(username),
    profile: firstScreenPaths.profile(username),
    live: firstScreenPaths.activeSessions(),
  };
  const data = await readAll(readApi, Object.values(paths));
  const user = UserProfileSchema.safeParse(data[paths.profile]);
  if (!user.success) return null;
  const key = PublicStreamKeySchema.safeParse(data[paths.key]);
  if (key.success)
    Object.assign(data, await readAll(readApi, [firstScreenPaths.currentSession(key.data.id)]));
  const sessions = z.array(LiveSessionSchema).safeParse(data[paths.live]);
  const onAir = sessions.success
    ? sessions.data.find((live) => live.users.id === user.data.id && live.stream_sessions.status === 'live')
    : undefined;
  return { markup: await renderMarkup(liveMarkup(user.data, onAir)), data };
};
