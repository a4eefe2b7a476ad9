import { useMutation, useQuery } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import type { LikeState } from '../../../schema/engagement';
import { effectiveToggle, toggledCount } from './counts';
import { engagementKeys, type LikeVariables } from './keys';
import { usePendingVariables } from './pending';
import { likedQueryOptions } from './queries';
import { useEngagementClient } from './use-engagement-client';

export const kindOf = (video: Video) => (video.type === 'short' ? 'shorts' : 'videos');

/** Like state of a video or short with its count; `onSignedOut` runs instead when nobody is signed in. */
export function useLike(video: Video, onSignedOut: () => void) {
  const { user, withUser } = useEngagementClient();
  const kind = kindOf(video);
  const userId = user?.id;
  const { data: base = false } = useQuery(likedQueryOptions(kind, video.id, userId));
  const pending = usePendingVariables<LikeVariables>(
    engagementKeys.like,
    (vars) => vars.id === video.id && vars.userId === userId,
  ).map((vars) => vars.on);
  const liked = effectiveToggle(base, pending);
  const mutation = useMutation<LikeState, Error, LikeVariables>({
    mutationKey: engagementKeys.like,
    scope: { id: `like:${video.id}` },
  });
  const toggle = () =>
    withUser(
      (signedIn) => mutation.mutate({ kind, id: video.id, userId: signedIn.id, on: !liked }),
      onSignedOut,
    );
  return { liked, count: toggledCount(video.likes, base, liked), toggle };
}
