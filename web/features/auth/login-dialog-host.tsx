import { lazy, Suspense, useState } from 'react';
import { closeLoginDialog, useLoginDialogOpen } from './login-dialog-store';

/** The dialog's chunk (wallet list, sign-in flow): fetched ahead by `preloadLoginDialog`. */
export const preloadLoginDialog = () => import('./login-dialog');

const LoginDialog = lazy(() => preloadLoginDialog().then((module) => ({ default: module.LoginDialog })));

/**
 * The app's one login dialog, opened by `openLoginDialog` from anywhere. It loads when first
 * opened: home's first paint never needs it.
 */
export function LoginDialogHost() {
  const open = useLoginDialogOpen();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={open} onClose={closeLoginDialog} />
    </Suspense>
  );
}
