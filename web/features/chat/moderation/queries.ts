import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  ChatModerationSchema,
  type ChatRules,
  ModerationLogEntrySchema,
} from '../../../../schema/chat-moderation';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { showToast } from '../../../ui/toast-store';

/**
 * The chat panel's moderation (issue 24 §1): the caller's role in a room with the creator's rules,
 * moderators and sanctions, and the actions. Not kept on the device (web/data/persist-policy.ts
 * keeps public reads only): what a moderator sees is theirs alone.
 */

const base = (room: string) => `/api/chat/${encodeURIComponent(room)}/moderation`;
const Done = z.record(z.string(), z.boolean());

export const chatModerationQueryOptions = (room: string) =>
  queryOptions({
    queryKey: ['chat', 'moderation', room],
    queryFn: ({ signal }) => apiGet(base(room), ChatModerationSchema, { signal }),
    staleTime: 30_000,
  });

export const moderationLogQueryOptions = (room: string) =>
  queryOptions({
    queryKey: ['chat', 'moderation', room, 'log'],
    queryFn: ({ signal }) => apiGet(`${base(room)}/log`, z.array(ModerationLogEntrySchema), { signal }),
  });

/** The caller's moderation of `room`, once they are registered (a visitor has none). */
export function useChatModeration(room: string, registered: boolean) {
  return useQuery({ ...chatModerationQueryOptions(room), enabled: registered }).data ?? null;
}

type Action =
  | { kind: 'delete'; messageId: string }
  | { kind: 'sanction'; username: string; minutes?: number }
  | { kind: 'lift'; username: string }
  | { kind: 'rules'; rules: ChatRules }
  | { kind: 'add-moderator'; username: string }
  | { kind: 'remove-moderator'; username: string };

const run = (room: string, action: Action) => {
  const at = base(room);
  switch (action.kind) {
    case 'delete':
      return apiDelete(`${at}/messages/${encodeURIComponent(action.messageId)}`, Done);
    case 'sanction':
      return apiPost(`${at}/sanctions`, { username: action.username, minutes: action.minutes }, Done);
    case 'lift':
      return apiDelete(`${at}/sanctions/${encodeURIComponent(action.username)}`, Done);
    case 'rules':
      return apiPut(`${at}/rules`, action.rules, z.unknown());
    case 'add-moderator':
      return apiPost(`${at}/moderators`, { username: action.username }, Done);
    case 'remove-moderator':
      return apiDelete(`${at}/moderators/${encodeURIComponent(action.username)}`, Done);
  }
};

/** What a toast says once an action is done. */
const doneText = (action: Action): string => {
  switch (action.kind) {
    case 'delete':
      return 'Message deleted';
    case 'sanction':
      return action.minutes
        ? `${action.username} is timed out for ${action.minutes} minute${action.minutes === 1 ? '' : 's'}`
        : `${action.username} is banned from this chat`;
    case 'lift':
      return `${action.username} may chat again`;
    case 'rules':
      return 'Chat settings saved';
    case 'add-moderator':
      return `${action.username} is now a moderator`;
    case 'remove-moderator':
      return `${action.username} is no longer a moderator`;
  }
};

/** Runs a moderation action, says how it went, and reads the room's moderation again. */
export function useModerate(room: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => run(room, action),
    onSuccess: (_answer, action) => showToast(doneText(action), 'success'),
    onError: (error) => showToast(error.message, 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatModerationQueryOptions(room).queryKey }),
  });
}
