import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import type { User } from '../../../schema/user';
import { ApiError, badRequest } from '../../lib/errors';
import { mediaUrl } from '../../lib/rows';
import { MAX_IMAGE_BYTES } from '../files/service';
import type { StoredVideo } from './queries';

/** The video an upload made, as every video read shows it; the uploader is its creator. */
export const toVideo = (video: StoredVideo, creator: User): Video => ({
  id: video.id,
  type: video.type,
  title: video.title,
  description: video.description,
  userId: video.userId,
  creator: creator.username,
  creatorAvatar: creator.avatar,
  creatorFullName: creator.fullName,
  creatorFollowers: creator.followers,
  tags: [],
  likes: video.likes,
  comments: video.comments,
  shares: video.shares,
  bookmarks: video.bookmarks,
  views: video.views,
  videoUrl: mediaUrl(video.mediaKey),
  thumbnail: mediaUrl(video.thumbnailKey),
  duration: video.duration,
  width: video.width,
  height: video.height,
  isPublic: video.isPublic,
  createdAt: video.createdAt,
  uploadDate: video.createdAt,
});

/** A new video has no likes, comments, shares, bookmarks or views yet. */
export const NO_COUNTS = { likes: 0, comments: 0, shares: 0, bookmarks: 0, views: 0 } as const;

export const invalidVideo = () => new ApiError(415, 'unsupported_media_type', MESSAGES.upload.invalidVideo);

/**
 * The R2 key of a poster given as its `/media/images/...` URL (schema's PosterUrlSchema), once R2
 * holds it and it is no bigger than an image upload may be; else a 400.
 */
export const storedPosterKey = async (bucket: R2Bucket, url: string): Promise<string> => {
  const key = url.replace(/^\/media\//, '');
  const head = await bucket.head(key);
  if (!head || head.size > MAX_IMAGE_BYTES) throw badRequest('thumbnail: Upload the poster image first');
  return key;
};
