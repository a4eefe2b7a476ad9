import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '../../../schema/messages';
import { mutationDefaults } from '../../lib/mutation-defaults';
import { showToast } from '../../ui/toast-store';
import { refetchMoney } from '../wallet-page/queries';
import { tipDeps } from './tip-deps';
import { runTip, TipFailure } from './tip-flow';
import { type TipVariables, tipKeys } from './tip-keys';

/**
 * A tip is a mutation under `tipKeys.send` (tip-keys.ts) (networkMode offlineFirst, like engagement): a tip whose
 * call got no answer pauses while offline, is saved with the outbox (web/data/persist-policy.ts),
 * listed in "waiting to send" with Cancel, and goes again once online, from the page or from the
 * service worker (web/sw/outbox.ts). Exactly once: every attempt of one tip carries the same
 * Idempotency-Key, and each step of the flow replays its first answer (worker/api/tips).
 */
const RETRY_DELAY_MS = 1000;
const MAX_NETWORK_RETRIES = 5;

/** Runs one tip with the app's calls; answers the transaction hash. */
export const sendTip = (vars: TipVariables) => runTip(vars, tipDeps);

function setTipDefaults(client: QueryClient): void {
  client.setMutationDefaults<string, Error, TipVariables>(tipKeys.send, {
    // Only a lost connection is retried (and, offline, paused); a refusal is final.
    retry: (failureCount, error) =>
      error instanceof TipFailure && error.network && failureCount < MAX_NETWORK_RETRIES,
    retryDelay: RETRY_DELAY_MS,
    mutationFn: sendTip,
    // Here rather than in the dialog: a tip resumed after a reload has no dialog to tell.
    onSuccess: (_hash, vars) => {
      showToast(MESSAGES.tipping.sent(vars.gift.name, vars.gift.price), 'success');
    },
    onSettled: () => refetchMoney(client),
  });
}

/** The tip defaults, set once per client and given to tips restored paused (main.tsx, at start). */
export const registerTipDefaults = mutationDefaults(tipKeys.send[0], setTipDefaults).register;
