import { streamKeyByUsernameQueryOptions } from '../features/live/stream-queries';
import { profileQueryOptions } from '../features/profile/queries';
import { allShortsQueryOptions } from '../features/shorts/feed-queries';
import { videoQueryOptions } from '../features/videos/video-queries';
import type { RouterContext } from './root';

/* The reads each route's loader starts (through route-data.ts): the same options its page uses. */

type Match<Params> = { context: RouterContext; params: Params };

export const videoData = ({ context, params }: Match<{ videoId: string }>) =>
  context.queryClient.ensureQueryData(videoQueryOptions(params.videoId));

export const shortsData = ({ context }: Pick<Match<never>, 'context'>) =>
  context.queryClient.ensureQueryData(allShortsQueryOptions());

export const profileData = ({ context, params }: Match<{ username: string }>) =>
  context.queryClient.ensureQueryData(profileQueryOptions(params.username));

/** The live page reads the streamer's key and profile side by side. */
export const liveData = (match: Match<{ username: string }>) =>
  Promise.all([
    match.context.queryClient.ensureQueryData(streamKeyByUsernameQueryOptions(match.params.username)),
    profileData(match),
  ]);
