import { useMutation, useQuery } from '@tanstack/react-query';
import type { FollowState } from '../../../schema/engagement';
import { effectiveToggle, toggledCount } from './counts';
import { engagementKeys, type FollowVariables } from './keys';
import { usePendingVariables } from './pending';
import { followingQueryOptions } from './queries';
import { useEngagementClient } from './use-engagement-client';

type Creator = { userId: string; followers: number };

/**
 * Whether the viewer follows `creator`, with the creator's follower count. `isSelf` is true for
 * the viewer's own content, where following is not offered (no self-follow).
 */
export function useFollow(creator: Creator, onSignedOut: () => void) {
  const { user, withUser } = useEngagementClient();
  const userId = user?.id;
  const isSelf = !!userId && userId === creator.userId;
  const { data: base = false } = useQuery(followingQueryOptions(userId, creator.userId));
  const pending = usePendingVariables<FollowVariables>(
    engagementKeys.follow,
    (vars) => vars.followingId === creator.userId && vars.followerId === userId,
  ).map((vars) => vars.on);
  const following = effectiveToggle(base, pending);
  const mutation = useMutation<FollowState, Error, FollowVariables>({
    mutationKey: engagementKeys.follow,
    scope: { id: `follow:${creator.userId}` },
  });
  const setFollowing = (on: boolean) =>
    withUser((signedIn) => {
      // Following oneself is ignored (content §4).
      if (signedIn.id === creator.userId) return;
      mutation.mutate({ followerId: signedIn.id, followingId: creator.userId, on });
    }, onSignedOut);
  return {
    isSelf,
    following,
    busy: pending.length > 0,
    followers: toggledCount(creator.followers, base, following),
    setFollowing,
  };
}
