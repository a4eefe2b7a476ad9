import { useCallback } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { useSession } from '../../lib/session';
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
 * A guard for engagement (like, comment, follow, tip…): the function it answers returns true when
 * signed in; signed out it shows 'Please log in to use this feature' and returns false.
 */
export function useRequireLogin(): () => boolean {
  const { signedIn } = useSession();
  return useCallback(() => {
    if (!signedIn) showLoginRequired();
    return signedIn;
  }, [signedIn]);
}
