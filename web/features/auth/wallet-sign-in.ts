import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SessionInfo, SessionInfoSchema } from '../../../schema/auth';
import { SignInChallengeSchema, type SiwaSignInBody } from '../../../schema/siwa';
import { apiGet, apiPost, withQuery } from '../../lib/api';
import { sessionQueryOptions } from '../../lib/session';
import { loadWalletAdapter } from '../wallet/wallet-adapter';

/**
 * Signs in with an installed wallet (DESIGN.md §4): connect, ask the server for a nonce and the Sign
 * in with Aptos fields naming this site and chain, have the wallet sign them (its `signIn` when it
 * has one, else `signMessage` over their text), and hand the proof to the server, which checks the
 * fields and sets the session cookie.
 */
export async function signInWithWallet(walletName: string): Promise<SessionInfo> {
  const adapter = await loadWalletAdapter();
  if (adapter.isConnected() && adapter.wallet?.name !== walletName) await adapter.disconnect();
  if (!adapter.isConnected()) await adapter.connect(walletName);
  const account = adapter.account;
  if (!adapter.isConnected() || !account) throw new Error(`${walletName} did not connect`);

  // The nonce is issued to an address, so the account is known before the wallet signs anything.
  const address = account.address.toString();
  const { nonce, message, signIn } = await apiGet(
    withQuery('/api/auth/nonce', { address }),
    SignInChallengeSchema,
  );
  if (adapter.wallet?.features['aptos:signIn']) {
    const output = await adapter.signIn({ walletName, input: signIn });
    const body: SiwaSignInBody = {
      address: output.account.address.toString(),
      publicKey: output.account.publicKey.toString(),
      signature: output.signature.toString(),
      signIn: output.input,
    };
    return apiPost('/api/auth/wallet', body, SessionInfoSchema);
  }
  const signed = await adapter.signMessage({ message, nonce });
  return apiPost(
    '/api/auth/wallet',
    {
      address,
      publicKey: account.publicKey.toString(),
      signature: signed.signature.toString(),
      fullMessage: signed.fullMessage,
    },
    SessionInfoSchema,
  );
}

/** The adapter throws bare strings; our API throws Errors. Either way, one sentence for a toast. */
export function walletErrorMessage(error: unknown): string {
  const reason = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (/reject/i.test(reason)) return 'Sign-in was cancelled in the wallet.';
  return reason ? `Sign-in failed: ${reason}` : 'Sign-in failed. Please try again.';
}

/** The sign-in as a mutation; on success every `useSession()` sees the new session. */
export function useWalletSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithWallet,
    onSuccess: async (info) => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, info);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
