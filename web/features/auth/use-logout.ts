import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiPost } from '../../lib/api';
import { sessionQueryOptions, setSigningOut } from '../../lib/session';
import { loadedWalletAdapter } from '../wallet/wallet-adapter';
import { markLoggedOut } from './logged-out-flag';

const LogoutSchema = z.object({ signedOut: z.boolean() });

/**
 * Stores the logged-out flag, ends the session on the server, and disconnects the wallet if this
 * page connected one. The adapter is not loaded just to disconnect: a page that never loaded it
 * holds no wallet connection.
 */
async function logout(): Promise<void> {
  setSigningOut(true);
  // First, so a reload in the middle of logging out cannot restore the keyless session. Without
  // IndexedDB there is no stored keyless session to restore either, so a failure here can pass.
  await markLoggedOut().catch(() => undefined);
  await apiPost('/api/auth/logout', undefined, LogoutSchema);
  const adapter = loadedWalletAdapter();
  // The session is already over; a wallet that fails to disconnect must not keep the user "signed in".
  if (adapter?.isConnected()) await adapter.disconnect().catch(() => undefined);
}

/**
 * Logout as a mutation; afterwards every `useSession()` sees the visitor and nothing of the user
 * stays on the device (`clearPrivateDeviceData`, loaded only now).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      const { queryKey } = sessionQueryOptions();
      // First, so the pages showing the user's data give way to the visitor's before it is cleared.
      queryClient.setQueryData(queryKey, null);
      const { clearPrivateDeviceData } = await import('../../data/clear-private-device-data');
      await clearPrivateDeviceData(queryClient, queryKey);
    },
    // Whatever happened, show what the server now says.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
      setSigningOut(false);
    },
  });
}
