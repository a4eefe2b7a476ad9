import type { Video } from '../../../schema/content';

/** Where an item plays: /v/{id} for videos, /s/{id} for shorts (content §2.5). */
export const contentPath = (video: Pick<Video, 'id' | 'type'>): string =>
  `${video.type === 'short' ? '/s' : '/v'}/${encodeURIComponent(video.id)}`;
