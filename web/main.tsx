import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { scheduleKeylessRestore } from './features/keyless/keyless-restore';
import { nextTask } from './lib/next-task';
import { PersistedQueryProvider, restoreSavedCache } from './lib/persisted-query-provider';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles/base.css';
import './styles/layout.css';
import './styles/cards.css';
import './styles/first-screen.css';

const queryClient = createQueryClient();
// Online and offline are followed from now on, not from React's first commit: the paused queue is
// resumed as soon as the saved cache is back, which can be before React mounts, and a change of
// network in between would otherwise go unseen (a queue resumed into a dead network spends its
// retries and is dropped; one paused when the network came back waits for the next change).
queryClient.mount();
scheduleKeylessRestore(queryClient);
/**
 * Once the saved cache is back: register the engagement mutation defaults (loaded on demand, so
 * home's entry stays small), the tips' and the garden's, then release and resume the likes,
 * comments, follows, tips, plantings and harvests paused while offline (nothing resumes them
 * before that: AppQueryClient), and hand the queue's wake-up to the service worker (Background
 * Sync, its "resume" message).
 * Nothing here is awaited: queries wait for the restore only, and offline the resumed mutations
 * settle only when the network returns.
 */
const resumePausedEngagement = () => {
  Promise.all([
    import('./features/engagement/mutation-defaults'),
    import('./features/outbox/background-sync'),
    import('./features/tips/tip-queue'),
    import('./features/garden/mutation-defaults'),
  ])
    .then(
      ([
        { registerEngagementDefaults },
        { watchOutbox },
        { registerTipDefaults },
        { registerGardenDefaults },
      ]) => {
        registerEngagementDefaults(queryClient);
        registerTipDefaults(queryClient);
        registerGardenDefaults(queryClient);
        watchOutbox(queryClient);
        queryClient.releaseQueue();
        void queryClient.resumePausedMutations();
      },
    )
    .catch(() => undefined);
};

async function start(container: HTMLElement) {
  // The saved cache comes back beside the route's code, not after the first render: queries wait
  // for it (who is signed in, among them: a button drawn before that answer would tell a
  // signed-in user to log in).
  const savedCache = restoreSavedCache(queryClient);
  void savedCache.catch(() => undefined).then(resumePausedEngagement);
  await nextTask();
  const router = createAppRouter(queryClient);
  await nextTask();
  const root = createRoot(container);
  // The route is resolved before React first renders it: left to the router's own load on mount,
  // its state changes during the first commit and React renders the whole page again, in one
  // blocking task. A failed load is the router's to show; it loads again on mount.
  await router.load().catch(() => undefined);
  // This runs after the worker's static first screen has shown its main picture (boot.ts). React
  // renders the page as a transition: in slices that leave the main thread free between them.
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* Keeps only what web/data/persist-policy.ts allows: public reads, the session without its
            private fields, the paused offline engagement. */}
        <PersistedQueryProvider client={queryClient} savedCache={savedCache}>
          <RouterProvider router={router} />
        </PersistedQueryProvider>
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(container);
