import { useMutation } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import { MESSAGES } from '../../../schema/messages';
import { showToast } from '../../ui/toast-store';
import { engagementKeys, type ShareVariables } from './keys';
import { usePendingVariables } from './pending';
import { useEngagementClient } from './use-engagement-client';
import { kindOf } from './use-like';

/** The address a share copies: the short's or the video's own page. */
export const shareUrlOf = (video: Video, origin: string) =>
  `${origin}/${video.type === 'short' ? 's' : 'v'}/${video.id}`;

/** Copies the item's URL and records the share ('web' for shorts, 'general' for videos). */
export function useShare(video: Video, onSignedOut: () => void) {
  const { user } = useEngagementClient();
  const pending = usePendingVariables<ShareVariables>(engagementKeys.share, (vars) => vars.id === video.id);
  const mutation = useMutation<unknown, Error, ShareVariables>({ mutationKey: engagementKeys.share });
  const share = () => {
    if (!user) return onSignedOut();
    const shareUrl = shareUrlOf(video, window.location.origin);
    navigator.clipboard
      .writeText(shareUrl)
      .then(() => showToast(MESSAGES.copyUrl.success, 'success'))
      .catch(() => showToast(MESSAGES.copyUrl.failed, 'error'));
    mutation.mutate({ kind: kindOf(video), id: video.id, userId: user.id, shareUrl });
  };
  return { count: video.shares + pending.length, share };
}
