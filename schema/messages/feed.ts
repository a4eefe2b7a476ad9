/** Feeds and the watch pages. Own module so home's entry carries only the texts it shows (messages.ts). */
export const FEED_MESSAGES = {
  loadFailed: 'Failed to load videos',
  loadMoreFailed: 'Failed to load more videos',
  error: 'An error occurred',
  notFound: 'Video not found',
  emptyDb: 'No videos available in the database',
  noVideos: 'No videos available',
  notAvailableOffline: 'Not available offline',
} as const;
