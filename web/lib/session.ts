/** Who is signed in. Sign-in is not built yet, so everyone is a visitor for now. */
export type Session = { signedIn: boolean; user: null };

const SIGNED_OUT: Session = { signedIn: false, user: null };

/** The current session (a later issue backs this with `GET /api/auth/me`). */
export function useSession(): Session {
  return SIGNED_OUT;
}
