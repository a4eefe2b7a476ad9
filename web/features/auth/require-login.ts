import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { useSession, withKnownSession } from '../../lib/session';
import { showToast } from '../../ui/toast-store';
import { openLoginDialog } from './login-dialog-opener';

/**
 * Shows 'Please log in to use this feature' with its lock icon for 4 s, and a Sign In button
 * that opens the login dialog: the visitor who just tried is one click from doing it.
 */
export function showLoginRequired(): void {
  showToast(MESSAGES.generic.loginRequired, 'info', 'lock', { label: 'Sign In', run: openLoginDialog });
}

/**
 * A guard for what only a signed-in user may do (a tip): the function it answers runs `act` when
 * signed in, and signed out shows 'Please log in to use this feature' instead. A tap made while the
 * page still asks who is signed in waits for the answer (withKnownSession).
 */
export function useRequireLogin(): (act: () => void) => void {
  const client = useQueryClient();
  const { info } = useSession();
  return useCallback(
    (act: () => void) => withKnownSession(client, info, (known) => (known ? act() : showLoginRequired())),
    [client, info],
  );
}
