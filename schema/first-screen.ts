import { LIMITS } from './constants';

/*
 * The first screen (issue 20): the worker answers home and the share pages with their first screen
 * drawn in static HTML and the API answers it drew from inlined, so the page paints before the
 * app's JS runs and the app starts with that data instead of asking again. Both sides name those
 * answers by the API path the app reads them from: these builders are the one spelling of each.
 */

/** The id of the `<script type="application/json">` that carries the inlined answers. */
export const FIRST_SCREEN_ELEMENT_ID = 'reel-first-screen';

/** The API paths whose answers a first screen may inline, as the app requests them. */
export const firstScreenPaths = {
  latestVideos: (limit: number = LIMITS.allVideosDefault) => `/api/videos?limit=${limit}`,
  latestShorts: (limit: number = LIMITS.shortsPageSize, offset = 0) =>
    `/api/videos/shorts/paginated?limit=${limit}&offset=${offset}`,
  activeSessions: () => '/api/sessions/active',
  topCreators: (limit: number = LIMITS.topUsersDefault) => `/api/users/top?limit=${limit}`,
  video: (videoId: string) => `/api/videos/${encodeURIComponent(videoId)}`,
  profile: (username: string) => `/api/users/username/${encodeURIComponent(username)}`,
  streamKeyByUsername: (username: string) => `/api/stream-keys/username/${encodeURIComponent(username)}`,
  currentSession: (streamKeyId: string) => `/api/sessions/live/${encodeURIComponent(streamKeyId)}`,
};

/** What the element holds: each inlined answer's `data`, by the path it answers. */
export type FirstScreenData = Record<string, unknown>;
