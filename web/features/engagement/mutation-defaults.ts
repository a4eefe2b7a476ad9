import type { QueryClient } from '@tanstack/react-query';
import type { CommentModeration } from '../../../schema/comment-moderation';
import type { BookmarkState, CommentThread, FollowState, LikeState } from '../../../schema/engagement';
import { mutationDefaults } from '../../lib/mutation-defaults';
import { retryUntilAnswered } from '../../lib/queued-work-retry';
import {
  addComment,
  approveComment,
  deleteComment,
  type ModerateCommentVariables,
  setBookmark,
  setFollow,
  setLike,
  shareContent,
} from './api';
import { hasComment, patchCachedVideos, withComment, withoutComment } from './cache';
import {
  type AddCommentVariables,
  approveCommentKey,
  type BookmarkVariables,
  type DeleteCommentVariables,
  engagementKeys,
  engagementQueryKeys,
  type FollowVariables,
  type LikeVariables,
  type ShareVariables,
} from './keys';

type CommentDeleted = Awaited<ReturnType<typeof deleteComment>>;
type CommentApproved = Awaited<ReturnType<typeof approveComment>>;
type ShareCreated = Awaited<ReturnType<typeof shareContent>>;

/**
 * Stores a write's answer as the state `queryKey` reads. A read of it still out (asked before the
 * write landed, or its answer not handled yet on a busy page) is cancelled first: finishing after
 * this, it would put back the state from before the write (CI saw a saved follow turn back into
 * Follow that way).
 */
async function storeAnswer(client: QueryClient, queryKey: readonly unknown[], value: boolean) {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, value);
}

/**
 * What every engagement mutation does, keyed by its mutation key. The UI reads pending mutations
 * as the optimistic state, so success only needs to store the server's answer in the cache. The
 * answers that carry a comment count are trusted because their mutations run in one scope per video
 * (`commentCountScope`).
 */
function setEngagementDefaults(client: QueryClient): void {
  client.setMutationDefaults<LikeState, Error, LikeVariables>(engagementKeys.like, {
    ...retryUntilAnswered,
    mutationFn: setLike,
    onSuccess: async (state, vars) => {
      await storeAnswer(client, engagementQueryKeys.liked(vars.kind, vars.id, vars.userId), state.isLiked);
      patchCachedVideos(
        client,
        (video) => video.id === vars.id,
        () => ({ likes: state.likeCount }),
      );
    },
  });
  client.setMutationDefaults<BookmarkState, Error, BookmarkVariables>(engagementKeys.bookmark, {
    ...retryUntilAnswered,
    mutationFn: setBookmark,
    onSuccess: async (state, vars) => {
      await storeAnswer(client, engagementQueryKeys.bookmarked(vars.id, vars.userId), state.isBookmarked);
      patchCachedVideos(
        client,
        (video) => video.id === vars.id,
        () => ({ bookmarks: state.bookmarkCount }),
      );
    },
  });
  client.setMutationDefaults<FollowState, Error, FollowVariables>(engagementKeys.follow, {
    ...retryUntilAnswered,
    mutationFn: setFollow,
    onSuccess: async (state, vars) => {
      await storeAnswer(
        client,
        engagementQueryKeys.following(vars.followerId, vars.followingId),
        state.isFollowing,
      );
      patchCachedVideos(
        client,
        (video) => video.userId === vars.followingId,
        () => ({ creatorFollowers: state.followers }),
      );
    },
  });
  client.setMutationDefaults<CommentThread, Error, AddCommentVariables>(engagementKeys.addComment, {
    ...retryUntilAnswered,
    mutationFn: addComment,
    onSuccess: (thread, vars) => {
      // Held for review (a blocked term): not listed, not counted; it joins the author's held ones.
      if (thread.comment.held) {
        const heldKey = engagementQueryKeys.commentModeration(vars.kind, vars.videoId, vars.userId);
        client.setQueryData<CommentModeration>(heldKey, (moderation) =>
          moderation && !moderation.held.some((entry) => entry.comment.id === thread.comment.id)
            ? { ...moderation, held: [...moderation.held, thread] }
            : moderation,
        );
        void client.invalidateQueries({ queryKey: heldKey });
        return;
      }
      const key = engagementQueryKeys.comments(vars.kind, vars.videoId);
      // A comment sent again (its first answer was lost) comes back as the one already listed.
      const known = hasComment(client.getQueryData<CommentThread[]>(key) ?? [], thread.comment.id);
      if (known) return;
      client.setQueryData<CommentThread[]>(key, (threads) =>
        threads ? withComment(threads, thread) : threads,
      );
      patchCachedVideos(
        client,
        (video) => video.id === vars.videoId,
        (video) => ({ comments: video.comments + 1 }),
      );
    },
  });
  client.setMutationDefaults<CommentDeleted, Error, DeleteCommentVariables>(engagementKeys.deleteComment, {
    ...retryUntilAnswered,
    mutationFn: deleteComment,
    onSuccess: (result, vars) => {
      client.setQueryData<CommentThread[]>(
        engagementQueryKeys.comments(vars.kind, vars.videoId),
        (threads) => (threads ? withoutComment(threads, vars.commentId) : threads),
      );
      // It may have been a held comment (the author's or one under review).
      void client.invalidateQueries({
        queryKey: engagementQueryKeys.commentModeration(vars.kind, vars.videoId),
      });
      patchCachedVideos(
        client,
        (video) => video.id === vars.videoId,
        () => ({ comments: result.commentCount }),
      );
    },
  });
  // Not retried: a moderator's action answers to what they see now (a failure leaves the list as it is).
  client.setMutationDefaults<CommentApproved, Error, ModerateCommentVariables>(approveCommentKey, {
    mutationFn: approveComment,
    onSuccess: (result, vars) =>
      patchCachedVideos(
        client,
        (video) => video.id === vars.videoId,
        () => ({ comments: result.commentCount }),
      ),
  });
  client.setMutationDefaults<ShareCreated, Error, ShareVariables>(engagementKeys.share, {
    ...retryUntilAnswered,
    mutationFn: shareContent,
    onSuccess: (result, vars) => {
      patchCachedVideos(
        client,
        (video) => video.id === vars.id,
        () => ({ shares: result.shareCount }),
      );
    },
  });
}

const defaults = mutationDefaults('engagement', setEngagementDefaults);

/** Registers the engagement mutation defaults once per client (hooks call it before mutating). */
export const ensureEngagementDefaults = defaults.ensure;

/** The defaults, also given to likes, comments and follows restored paused (main.tsx, at start). */
export const registerEngagementDefaults = defaults.register;
