import type { VideoType } from '../../schema/content';
import { getCurrentSession } from '../api/sessions/queries';
import { getStreamKeyByUsername } from '../api/stream-keys/queries';
import { getVideoById } from '../api/videos/queries';
import { isVisibleTo } from '../api/videos/visibility';
import { getUserById, getUserByUsername } from '../lib/user-queries';
import { type ShareMeta, SITE_NAME } from './rewrite';

/* What the preview of each shared page says. null: nothing to name (the page gets generic meta). */

/** Crawlers cut descriptions around here; a longer one would be cut mid-word by them instead. */
const DESCRIPTION_MAX = 200;

const shorten = (text: string): string =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

/** The address of a stored image (`/media/...` or a full URL) as crawlers need it: absolute, http(s). */
export const absoluteImage = (image: string, origin: string): string | null => {
  if (!image) return null;
  const url = URL.parse(image, origin);
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
};

const displayName = (fullName: string, username: string) => fullName.trim() || `@${username}`;
const pageTitle = (title: string) => `${title} — ${SITE_NAME}`;

/**
 * A video or short by id. Crawlers have no session, so only what anyone may watch is named: a
 * private item (visibility.ts) or one of the other type gets generic meta, like an unknown id.
 */
export const describeVideo = async (
  db: D1Database,
  id: string,
  type: VideoType,
  url: URL,
): Promise<ShareMeta | null> => {
  const video = await getVideoById(db, id, type);
  if (!video || !isVisibleTo(video, null)) return null;
  return {
    title: video.title,
    pageTitle: pageTitle(video.title),
    description: `by ${displayName(video.creatorFullName, video.creator)}`,
    type: 'video.other',
    image: absoluteImage(video.thumbnail, url.origin),
    url: url.href,
  };
};

/** A profile: display name and @username, the avatar, the about text. */
export const describeProfile = async (
  db: D1Database,
  username: string,
  url: URL,
): Promise<ShareMeta | null> => {
  const user = await getUserByUsername(db, username);
  if (!user) return null;
  const title = `${displayName(user.fullName, user.username)} (@${user.username})`;
  return {
    title,
    pageTitle: pageTitle(title),
    description: shorten(user.description.trim()) || `@${user.username} on ${SITE_NAME}`,
    type: 'profile',
    image: absoluteImage(user.avatar, url.origin),
    url: url.href,
  };
};

/** A streamer's live page: named by the current session's title, else by the streamer. */
export const describeLive = async (db: D1Database, username: string, url: URL): Promise<ShareMeta | null> => {
  const key = await getStreamKeyByUsername(db, username);
  if (!key) return null;
  const current = await getCurrentSession(db, key.id);
  const streamer = current?.users ?? (await getUserById(db, key.userId));
  if (!streamer) return null;
  const name = displayName(streamer.fullName, streamer.username);
  const title = current?.stream_sessions.title.trim() || `${name} (@${streamer.username})`;
  return {
    title,
    pageTitle: pageTitle(title),
    description: `by ${name}`,
    type: 'video.other',
    image: absoluteImage(streamer.avatar, url.origin),
    url: url.href,
  };
};
