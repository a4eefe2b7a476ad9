import { useSession } from '../../lib/session';
import { AccountMenu } from './account-menu';
import { SignInButton } from './sign-in-button';

/** The top bar's account corner: the account menu when signed in, else the Sign In button. */
export function AccountArea() {
  const { loading, info } = useSession();
  if (info) return <AccountMenu info={info} />;
  // Until /api/auth/me (or the saved answer) is known, show neither rather than the wrong one, but
  // hold Sign In's place: an empty corner let Menu jump aside as the answer landed, and a tap meant
  // for Menu in that instant opened nothing.
  return <SignInButton holdsPlace={loading} />;
}
