import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../schema/messages';
import { sessionQueryOptions } from '../../lib/session';
import { startKeylessSignIn } from './start-keyless-sign-in';

/** How long /callback shows a problem before going home (accounts §2). */
export const CALLBACK_REDIRECT_MS = 3000;

type CallbackParams = { idToken: string | null; start: boolean };

const readParams = (): CallbackParams => ({
  idToken: new URLSearchParams(window.location.hash.slice(1)).get('id_token'),
  start: new URLSearchParams(window.location.search).get('start') === 'keyless',
});

// One sign-in per token even if React runs the effect twice (StrictMode): the token is single-use.
const signIns = new Map<string, Promise<unknown>>();
const signInOnce = (idToken: string) => {
  let run = signIns.get(idToken);
  if (!run) {
    run = import('./complete-sign-in').then(({ completeKeylessSignIn }) => completeKeylessSignIn(idToken));
    signIns.set(idToken, run);
  }
  return run;
};

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : MESSAGES.callback.unknown;

/**
 * The /callback flow (accounts §2): read id_token from the fragment, sign in, then go home at once;
 * without a token or on failure, say so and go home after 3 s. `?start=keyless` (and `startDevSignIn`)
 * begin a keyless sign-in at the provider instead.
 */
export function useKeylessCallback() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useState(readParams);
  const [status, setStatus] = useState<string>(MESSAGES.callback.initializing);
  const [outcome, setOutcome] = useState<'working' | 'no-token' | 'failed'>('working');
  const homeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const goHomeLater = useCallback(() => {
    clearTimeout(homeTimer.current);
    homeTimer.current = setTimeout(() => void navigate({ to: '/', replace: true }), CALLBACK_REDIRECT_MS);
  }, [navigate]);

  const fail = useCallback(
    (error: unknown) => {
      setStatus(messageOf(error));
      setOutcome('failed');
      goHomeLater();
    },
    [goHomeLater],
  );

  const startDevSignIn = useCallback(() => {
    clearTimeout(homeTimer.current);
    setStatus(MESSAGES.callback.initializing);
    setOutcome('working');
    startKeylessSignIn().catch(fail);
  }, [fail]);

  useEffect(() => {
    let active = true;
    const { idToken, start } = params;
    if (!idToken && start) {
      startDevSignIn();
    } else if (!idToken) {
      setStatus(MESSAGES.callback.noToken);
      setOutcome('no-token');
      goHomeLater();
    } else {
      // The token should not stay in the address bar or the history.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setStatus(MESSAGES.callback.processing);
      signInOnce(idToken)
        .then(async () => {
          if (!active) return;
          setStatus(MESSAGES.callback.success);
          await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
          if (active) await navigate({ to: '/', replace: true });
        })
        .catch((error: unknown) => {
          if (active) fail(error);
        });
    }
    return () => {
      active = false;
      clearTimeout(homeTimer.current);
    };
  }, [params, goHomeLater, fail, startDevSignIn, queryClient, navigate]);

  return { status, outcome, startDevSignIn };
}
