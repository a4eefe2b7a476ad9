/** Shared by every screen and the API client. Own module so home's entry carries only the texts it shows (messages.ts). */
export const GENERIC_MESSAGES = {
  loginRequired: 'Please log in to use this feature',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  /** Ours: the server no longer knows the session this device held (logged out elsewhere, expired). */
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;
