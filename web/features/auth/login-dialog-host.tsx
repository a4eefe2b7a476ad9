import { lazy, Suspense, useEffect, useState } from 'react';
import { attachLoginDialog } from './login-dialog-opener';

const LoginDialog = lazy(() => import('./login-dialog').then((module) => ({ default: module.LoginDialog })));

/** The app's one login dialog, opened by `openLoginDialog`; its own chunk loads when first opened. */
export function LoginDialogHost() {
  // undefined until first opened: the dialog's chunk is not needed before.
  const [open, setOpen] = useState<boolean>();
  useEffect(() => {
    if (attachLoginDialog(setOpen)) setOpen(true);
  }, []);
  if (open === undefined) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
