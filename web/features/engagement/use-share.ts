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

/**
 * Hands the link to the system share sheet where the browser has one (Web Share API), else copies
 * it with the spec's toasts. Answers whether it went anywhere: a sheet the user closed did not.
 */
async function shareLink(url: string, title: string): Promise<boolean> {
  if (typeof navigator.share === 'function' && (navigator.canShare?.({ url }) ?? true)) {
    try {
      await navigator.share({ title, url });
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      // Refused for another reason (no user gesture left, a policy): the clipboard still works.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast(MESSAGES.copyUrl.success, 'success');
    return true;
  } catch {
    showToast(MESSAGES.copyUrl.failed, 'error');
    return false;
  }
}

/** Shares the item's URL and records the share ('web' for shorts, 'general' for videos). */
export function useShare(video: Video, onSignedOut: () => void) {
  const { withUser } = useEngagementClient();
  const pending = usePendingVariables<ShareVariables>(engagementKeys.share, (vars) => vars.id === video.id);
  const mutation = useMutation<unknown, Error, ShareVariables>({ mutationKey: engagementKeys.share });
  const share = () =>
    withUser((user) => {
      const shareUrl = shareUrlOf(video, window.location.origin);
      void shareLink(shareUrl, video.title).then((shared) => {
        if (!shared) return;
        const key = `share-${crypto.randomUUID()}`;
        mutation.mutate({ kind: kindOf(video), id: video.id, userId: user.id, shareUrl, key });
      });
    }, onSignedOut);
  return { count: video.shares + pending.length, share };
}
