import { useMutation, useQuery } from '@tanstack/react-query';
import type { Video } from '../../../schema/content';
import type { BookmarkState } from '../../../schema/engagement';
import { effectiveToggle, toggledCount } from './counts';
import { type BookmarkVariables, engagementKeys } from './keys';
import { usePendingVariables } from './pending';
import { bookmarkedQueryOptions } from './queries';
import { useEngagementClient } from './use-engagement-client';

/** Bookmark state of a short (bookmarks exist for shorts only) with its count. */
export function useBookmark(short: Video, onSignedOut: () => void) {
  const { user, withUser } = useEngagementClient();
  const userId = user?.id;
  const { data: base = false } = useQuery(bookmarkedQueryOptions(short.id, userId));
  const pending = usePendingVariables<BookmarkVariables>(
    engagementKeys.bookmark,
    (vars) => vars.id === short.id && vars.userId === userId,
  ).map((vars) => vars.on);
  const bookmarked = effectiveToggle(base, pending);
  const mutation = useMutation<BookmarkState, Error, BookmarkVariables>({
    mutationKey: engagementKeys.bookmark,
    scope: { id: `bookmark:${short.id}` },
  });
  const toggle = () =>
    withUser(
      (signedIn) => mutation.mutate({ id: short.id, userId: signedIn.id, on: !bookmarked }),
      onSignedOut,
    );
  return { bookmarked, count: toggledCount(short.bookmarks, base, bookmarked), toggle };
}
