import { firstScreenPaths } from '../../schema/first-screen';
import { currentSessionQueryOptions, streamKeyByUsernameQueryOptions } from '../features/live/stream-queries';
import { profileQueryOptions } from '../features/profile/queries';
import { allShortsQueryOptions, shortsFeedQueryOptions } from '../features/shorts/feed-queries';
import { videoQueryOptions } from '../features/videos/video-queries';
import { carriesFirstScreenAnswer } from '../lib/first-screen';
import type { RouterContext } from './root';

/*
 * The reads each route's loader starts (through route-data.ts): the same options its page uses.
 * Each answers a promise of the reads the page carries inlined (its first load), which the loader
 * waits for; a read that goes to the network is started and not waited for.
 */

type Match<Params> = { context: RouterContext; params: Params };

/** `read`, waited for only when the page carries `path`'s answer (checked before the read takes it). */
const startRead = (path: string | null, read: () => Promise<unknown>): Promise<unknown> => {
  const inlined = path !== null && carriesFirstScreenAnswer(path);
  const reading = read().catch(() => undefined);
  return inlined ? reading : Promise.resolve();
};

export const videoData = ({ context, params }: Match<{ videoId: string }>) =>
  startRead(firstScreenPaths.video(params.videoId), () =>
    context.queryClient.ensureQueryData(videoQueryOptions(params.videoId)),
  );

/** /s/$videoId reads every short; no first screen carries that list. */
export const shortsData = ({ context }: Pick<Match<never>, 'context'>) =>
  startRead(null, () => context.queryClient.ensureQueryData(allShortsQueryOptions()));

/** /reels: the feed's first page. */
export const reelsData = ({ context }: Pick<Match<never>, 'context'>) =>
  startRead(firstScreenPaths.latestShorts(), () =>
    context.queryClient.ensureInfiniteQueryData(shortsFeedQueryOptions()),
  );

export const profileData = ({ context, params }: Match<{ username: string }>) =>
  startRead(firstScreenPaths.profile(params.username), () =>
    context.queryClient.ensureQueryData(profileQueryOptions(params.username)),
  );

/**
 * The live page reads the streamer's key and profile side by side, then the key's current session
 * (the worker inlines it beside the key when there is one).
 */
export const liveData = (match: Match<{ username: string }>) => {
  const { queryClient } = match.context;
  const key = startRead(firstScreenPaths.streamKeyByUsername(match.params.username), () =>
    queryClient.ensureQueryData(streamKeyByUsernameQueryOptions(match.params.username)).then((streamKey) => {
      if (!streamKey) return;
      return startRead(firstScreenPaths.currentSession(streamKey.id), () =>
        queryClient.ensureQueryData(currentSessionQueryOptions(streamKey.id)),
      );
    }),
  );
  return Promise.all([key, profileData(match)]);
};
