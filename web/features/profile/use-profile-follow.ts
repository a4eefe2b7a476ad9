import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FollowState } from '../../../schema/engagement';
import type { UserProfile } from '../../../schema/user';
import { showLoginRequired } from '../auth/require-login';
import { engagementKeys, type FollowVariables } from '../engagement/keys';
import { useFollow } from '../engagement/use-follow';
import { profileQueryOptions } from './queries';

const sameKey = (key: readonly unknown[] | undefined) =>
  !!key &&
  key.length === engagementKeys.follow.length &&
  key.every((part, i) => part === engagementKeys.follow[i]);

/**
 * Follow / Following for a profile, with the follower count the page shows everywhere. The
 * engagement mutations patch cached videos only, so a saved follow writes the server's new count
 * into this profile's cached record too: the count stays right once the pending change is gone.
 */
export function useProfileFollow(profile: UserProfile) {
  const follow = useFollow({ userId: profile.id, followers: profile.followers }, showLoginRequired);
  const client = useQueryClient();
  const { id, username } = profile;

  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        const mutation = event.mutation;
        if (event.type !== 'updated' || !mutation || mutation.state.status !== 'success') return;
        if (!sameKey(mutation.options.mutationKey)) return;
        const vars = mutation.state.variables as FollowVariables | undefined;
        const state = mutation.state.data as FollowState | undefined;
        if (!vars || !state || vars.followingId !== id) return;
        client.setQueryData(profileQueryOptions(username).queryKey, (old) =>
          old ? { ...old, followers: state.followers } : old,
        );
      }),
    [client, id, username],
  );

  return follow;
}
