import { lazy, Suspense, useState } from 'react';

// The dialog (wallet list, sign-in flow) loads on the first click: home's first paint never needs it.
const LoginDialog = lazy(() => import('./login-dialog').then((module) => ({ default: module.LoginDialog })));

/** The top bar's Sign In button and the login dialog it opens. */
export function SignInButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        // Start fetching the dialog as soon as the pointer is near, so the click feels instant.
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
      >
        Sign In
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LoginDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
