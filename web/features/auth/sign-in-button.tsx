import { useState } from 'react';
import { LoginDialog } from './login-dialog';

/** The top bar's Sign In button and the login dialog it opens. */
export function SignInButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Sign In
      </button>
      <LoginDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
