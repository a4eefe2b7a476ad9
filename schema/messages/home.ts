/** Home (content §2.1). Own module so home's entry carries only the texts it shows (messages.ts). */
export const HOME_MESSAGES = {
  loadFailed: 'Unable to load videos',
  emptyTitle: 'No videos yet',
  emptyBody: 'Be the first to upload a video to the platform!',
} as const;
