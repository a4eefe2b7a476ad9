import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserCheckSchema, type UserProfile, UserProfileSchema } from '../../../schema/user';
import { apiGet } from '../../lib/api';

/**
 * A profile by username, or null when nobody has that name. The API's 404 carries only a message,
 * so a failed read asks `check` whether the user exists before calling it "not found".
 */
async function getProfileOrNull(username: string, signal?: AbortSignal): Promise<UserProfile | null> {
  const name = encodeURIComponent(username);
  try {
    return await apiGet(`/api/users/username/${name}`, UserProfileSchema, { signal });
  } catch (error) {
    const check = await apiGet(`/api/users/check/${name}`, UserCheckSchema, { signal });
    if (!check.exists) return null;
    throw error;
  }
}

/** `GET /api/users/username/{username}`: the profile page's user with its totals. */
export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['users', 'profile', username.toLowerCase()],
    queryFn: ({ signal }) => getProfileOrNull(username, signal),
    // A restored (persisted) profile paints at once but is always re-read: it may predate an edit.
    staleTime: 0,
  });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
