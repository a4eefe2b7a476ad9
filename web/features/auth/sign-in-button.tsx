import { openLoginDialog } from './login-dialog-opener';

// Fetch the dialog's chunk (wallet list, sign-in flow) as soon as the pointer is near, so the
// click feels instant.
const preload = () => void import('./login-dialog').catch(() => undefined);

/** The top bar's Sign In button: opens the app's login dialog (`LoginDialogHost`). */
export function SignInButton() {
  return (
    <button
      type="button"
      className="button button-primary"
      onClick={openLoginDialog}
      onPointerEnter={preload}
      onFocus={preload}
    >
      Sign In
    </button>
  );
}
