/*
 * The built page's first script (vite.config.ts, `bootAfterFirstScreen`): once the worker's static
 * first screen has painted its main picture, it fetches the libraries' chunk (its `data-stack`) and
 * the app's entry (its `data-entry`) together, and runs them one task apart, so the first screen
 * paints before the app's JS runs (issue 20 §1).
 * - Run before that picture had shown, the entry's evaluation held the picture's paint back; the
 *   app's first render replaces the static markup with elements of its own, so taking over before
 *   the picture has shown only repaints it later.
 * - Fetched before it (a low-priority modulepreload), the 114 KB shared a slow phone network with the
 *   picture: Lighthouse's simulation counts every request that ended before the picture painted as
 *   needed for it, and put home's and /v's LCP at 2.0-2.2 s in those runs, 1.1-1.4 s in the others.
 *   The cost: the requests start one round trip later; their bytes still arrive about when they did
 *   on a line they shared.
 * - Run together, the libraries (React DOM, TanStack) and the app's code were one evaluation of
 *   100-250 ms on a phone's CPU, the longest task of every page's start; one task apart they are two
 *   shorter ones (web/stack.ts says why React DOM's set-up needs help to land in the first).
 * A page without a first screen (the service worker's shell) runs them at once. No imports: this
 * file is its own tiny chunk.
 */

/** How long the app waits for the first screen's main picture before it runs anyway. */
const FIRST_PAINT_WAIT_MS = 2500;

/**
 * Resolves once the page's static first screen has painted its main picture (the one fetched with
 * high priority), at most `FIRST_PAINT_WAIT_MS` later; at once when there is no first screen. Its
 * links work meanwhile as plain links.
 */
function firstScreenPainted(): Promise<void> {
  const picture = document.querySelector<HTMLImageElement>('[data-first-screen] img[fetchpriority="high"]');
  if (!picture) return Promise.resolve();
  // decode(): loaded and ready to paint (a load event may come before an async decode has shown it).
  const painted = picture
    .decode()
    .catch(() => undefined)
    .then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);
}

/*
 * The browser's install offer (`beforeinstallprompt`) fires once, early, often before the app runs:
 * kept here (cancelled, so the browser shows no banner of its own) and dispatched again once the
 * app's own listener is there (features/pwa/install-offer.ts, in the entry).
 */
let installOffer: Event | null = null;
const keepInstallOffer = (event: Event) => {
  event.preventDefault();
  installOffer = event;
};
window.addEventListener('beforeinstallprompt', keepInstallOffer);

/** Starts fetching a module now, to be run later by an `import()` of the same URL. */
function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function runApp(entry: string, stack: string | undefined): Promise<void> {
  await firstScreenPainted();
  preload(entry);
  if (stack) {
    await import(/* @vite-ignore */ stack);
    await nextTask();
  }
  await import(/* @vite-ignore */ entry);
  window.removeEventListener('beforeinstallprompt', keepInstallOffer);
  if (installOffer) window.dispatchEvent(installOffer);
}

const { entry, stack } = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset ?? {};
if (entry) void runApp(entry, stack);
