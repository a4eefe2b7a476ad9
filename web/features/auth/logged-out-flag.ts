import { setKeylessLoggedOut } from '../../data/keyless-store';

/**
 * Stores the logged-out flag (accounts spec §4) in the keyless store, where the keyless restore
 * flow reads it: after Logout the keyless session is not restored on the next visit. A keyless
 * sign-in clears it again.
 */
export async function markLoggedOut(): Promise<void> {
  await setKeylessLoggedOut(true);
}
