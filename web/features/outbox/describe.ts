import {
  type AddCommentVariables,
  type BookmarkVariables,
  type DeleteCommentVariables,
  engagementKeys,
  type FollowVariables,
  type LikeVariables,
  type ShareVariables,
} from '../engagement/keys';
import { gardenMutationKeys, type HarvestVariables, type PlantVariables } from '../garden/mutation-keys';
import { type TipVariables, tipKeys } from '../tips/tip-keys';

/** What the list may know about the items an action is about (from the query cache). */
export type OutboxLookup = {
  videoTitle: (videoId: string) => string | undefined;
  username: (userId: string) => string | undefined;
};

/** A comment is quoted up to this many characters, then cut with an ellipsis. */
const QUOTE_LENGTH = 60;

const quote = (text: string) =>
  `“${text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text}”`;

/* Variables as the app's own mutation under that key saved them. */
const describers: Record<string, (variables: never, lookup: OutboxLookup) => string> = {
  [engagementKeys.like.join('/')]: ({ id, on }: LikeVariables, { videoTitle }) =>
    `${on ? 'Like' : 'Unlike'} · ${videoTitle(id) ?? id}`,
  [engagementKeys.bookmark.join('/')]: ({ id, on }: BookmarkVariables, { videoTitle }) =>
    `${on ? 'Bookmark' : 'Remove bookmark'} · ${videoTitle(id) ?? id}`,
  [engagementKeys.follow.join('/')]: ({ followingId, on }: FollowVariables, { username }) =>
    `${on ? 'Follow' : 'Unfollow'} · @${username(followingId) ?? followingId}`,
  [engagementKeys.addComment.join('/')]: ({ content, parentId }: AddCommentVariables) =>
    `${parentId ? 'Reply' : 'Comment'} · ${quote(content)}`,
  [engagementKeys.deleteComment.join('/')]: ({ videoId }: DeleteCommentVariables, { videoTitle }) =>
    `Delete comment · ${videoTitle(videoId) ?? videoId}`,
  [engagementKeys.share.join('/')]: ({ id }: ShareVariables, { videoTitle }) =>
    `Share · ${videoTitle(id) ?? id}`,
  [tipKeys.send.join('/')]: ({ gift, target }: TipVariables) =>
    `Tip · ${gift.name} (${gift.price} coins) to @${target.receiver.username}`,
  [gardenMutationKeys.plant.join('/')]: ({ seedName }: PlantVariables) => `Plant · ${seedName}`,
  [gardenMutationKeys.harvest.join('/')]: ({ plantName }: HarvestVariables) => `Harvest · ${plantName}`,
};

/** One queued action in words ("Like · <title>", "Comment · “…”", "Follow · @name"). */
export function describeQueued(
  mutationKey: readonly unknown[] | undefined,
  variables: unknown,
  lookup: OutboxLookup,
): string {
  const describe = mutationKey && describers[mutationKey.join('/')];
  if (!describe || typeof variables !== 'object' || variables === null) return 'Waiting action';
  return describe(variables as never, lookup);
}

/**
 * Why a queued action is still waiting, by the browser's own online state first. Offline (paused,
 * or between a failed try and its pause) it goes when the network is back. Paused while online, it
 * was restored from the device by a reload and goes once the app has started its queue (main.tsx),
 * a moment later. Neither: its calls got no answer and it is being tried again already.
 */
export function waitingStatus(paused: boolean, online: boolean): string {
  if (!online) return 'Waiting for a connection';
  return paused ? 'Sending' : 'No answer yet, trying again';
}
