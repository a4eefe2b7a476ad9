import type { QueryClient } from '@tanstack/react-query';
import { clearKeylessAccounts, readKeylessStore } from '../../data/keyless-store';
import { sessionQueryOptions } from '../../lib/session';
import { getSignInNonce, postKeylessSignIn } from './keyless-api';
import { planRestore } from './restore-plan';

export type RestoreOutcome = 'skipped' | 'signed-in' | 'restored' | 'cleared' | 'offline';

/**
 * Re-establishes the keyless session at start (accounts §4) when the cookie is gone: with the stored
 * token and a proof that this browser holds the token's ephemeral key, signed over a fresh nonce. An
 * answer that refuses clears the stored accounts; a network failure keeps them for the next start.
 */
export async function restoreKeylessSession(queryClient: QueryClient): Promise<RestoreOutcome> {
  const plan = planRestore(await readKeylessStore(), Math.floor(Date.now() / 1000));
  if (plan.kind === 'skip') return 'skipped';
  if (plan.kind === 'clear') {
    await clearKeylessAccounts();
    return 'cleared';
  }
  try {
    const current = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    if (current) return 'signed-in';
    const { address, idToken } = plan.account;
    const challenge = await getSignInNonce(address);
    const { ephemeralKeyProof } = await import('./ephemeral-key');
    const proof = ephemeralKeyProof(
      plan.keyPair,
      `APTOS\nmessage: ${challenge.message}\nnonce: ${challenge.nonce}`,
    );
    await postKeylessSignIn({ idToken: idToken.raw, proof });
  } catch (error) {
    // fetch throws a TypeError when no answer came at all: keep everything for the next start.
    if (error instanceof TypeError) return 'offline';
    await clearKeylessAccounts();
    return 'cleared';
  }
  await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
  return 'restored';
}
