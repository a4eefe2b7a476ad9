import { openLoginDialog } from './login-dialog-opener';

// Fetch the dialog's chunk (wallet list, sign-in flow) as soon as the pointer is near, so the
// click feels instant.
const preload = () => void import('./login-dialog').catch(() => undefined);

type SignInButtonProps = {
  /**
   * Drawn but hidden and disabled (it cannot be seen, focused or pressed), to hold the button's place while the
   * page asks who is signed in (account-area.tsx): the same button, so the same width.
   */
  holdsPlace?: boolean;
};

/** The top bar's Sign In button: opens the app's login dialog (`LoginDialogHost`). */
export function SignInButton({ holdsPlace = false }: SignInButtonProps) {
  return (
    <button
      type="button"
      className={holdsPlace ? 'button button-primary account-pending' : 'button button-primary'}
      aria-hidden={holdsPlace || undefined}
      disabled={holdsPlace}
      onClick={openLoginDialog}
      onPointerEnter={preload}
      onFocus={preload}
    >
      Sign In
    </button>
  );
}
