import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { openLoginDialog } from '../../../web/features/auth/login-dialog-opener';
import { showLoginRequired } from '../../../web/features/auth/require-login';
import { dismissToast, getToasts, showToast } from '../../../web/ui/toast-store';

const dismissAll = () => {
  for (const toast of getToasts()) dismissToast(toast.id);
};

// The unit files share one runtime (vitest.config.ts, isolate: false): a toast another file's code
// showed may still be up for its 4 s when this file starts (CI run of 68bc226 saw two).
beforeEach(dismissAll);
afterEach(() => {
  dismissAll();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('stay for 4 seconds, then go', () => {
    vi.useFakeTimers();
    showToast('Saved', 'success');
    expect(getToasts().map((toast) => toast.message)).toEqual(['Saved']);
    vi.advanceTimersByTime(LIMITS.toastMs - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('tell a signed-out visitor to log in, with the lock icon', () => {
    showLoginRequired();
    expect(getToasts()).toEqual([
      expect.objectContaining({ message: MESSAGES.generic.loginRequired, icon: 'lock', tone: 'info' }),
    ]);
  });

  it('offer the visitor Sign In, which opens the login dialog', () => {
    showLoginRequired();
    expect(getToasts()).toEqual([
      expect.objectContaining({ action: { label: 'Sign In', run: openLoginDialog } }),
    ]);
  });
});
