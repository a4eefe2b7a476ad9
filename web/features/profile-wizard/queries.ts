import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { MESSAGES } from '../../../schema/messages';
import { CategorySchema, type OwnUser } from '../../../schema/user';
import type { CreateUserBody, UpdateUserBody } from '../../../schema/user-input';
import { apiGet } from '../../lib/api';
import { sessionQueryOptions } from '../../lib/session';
import { showToast } from '../../ui/toast-store';
import { createProfile, findUserByUsername, updateProfile, uploadImage } from './api';

/** The category tree (`GET /api/users/categories`); it changes with a release, not per visit. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'categories'],
    queryFn: ({ signal }) => apiGet('/api/users/categories', z.array(CategorySchema), { signal }),
    staleTime: 60 * 60 * 1000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** Asks, at the moment it is called, who holds a username (always fresh, never from cache). */
export function useUsernameLookup() {
  const queryClient = useQueryClient();
  return (username: string) =>
    queryClient.fetchQuery({
      queryKey: ['users', 'check', username.toLowerCase()],
      queryFn: ({ signal }) => findUserByUsername(username, signal),
      staleTime: 0,
    });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}

/** Puts the caller's new profile into the session at once (closing the gate), then re-reads it. */
function useSetSessionUser() {
  const queryClient = useQueryClient();
  return (user: OwnUser) => {
    const { queryKey } = sessionQueryOptions();
    queryClient.setQueryData(queryKey, (info) => (info ? { ...info, user } : info));
    void queryClient.invalidateQueries({ queryKey });
  };
}

/** Registration (`POST /api/users`). Failure shows nothing to the user (accounts §2): it is logged. */
export function useCreateProfile() {
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationFn: (body: CreateUserBody) => createProfile(body),
    onSuccess: setSessionUser,
    onError: (error) => console.error('Registration failed', error),
  });
}

/** Profile edit (`PUT /api/users/{id}`) with the spec's success and failure toasts. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => updateProfile(id, body),
    onSuccess: (user) => {
      setSessionUser(user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'profile'] });
      void queryClient.invalidateQueries({ queryKey: ['users', 'top'] });
      showToast(MESSAGES.profile.updated, 'success');
    },
    onError: (error) => {
      console.error('Profile update failed', error);
      showToast(MESSAGES.profile.updateFailed, 'error');
    },
  });
}
