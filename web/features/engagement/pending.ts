import { type Mutation, type MutationKey, useMutationState } from '@tanstack/react-query';

/**
 * The variables of unfinished mutations under `mutationKey` that `match` accepts, oldest first.
 * These are the optimistic state: they show at once, survive a reload while paused, and vanish
 * (reverting the view silently) when the call fails.
 */
export function usePendingVariables<V>(mutationKey: MutationKey, match: (variables: V) => boolean): V[] {
  return useMutationState({
    filters: {
      mutationKey,
      status: 'pending',
      predicate: (mutation: Mutation<unknown, Error, unknown, unknown>) =>
        mutation.state.variables !== undefined && match(mutation.state.variables as V),
    },
    select: (mutation) => mutation.state.variables as V,
  });
}
