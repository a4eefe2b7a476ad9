/*
 * The built page's first script (vite.config.ts, `bootAfterFirstScreen`): it fetches and runs the
 * app's entry (its `data-entry`) once the worker's static first screen has painted its main
 * picture, so the first screen paints before the app's JS runs (issue 20 §1). Run before that
 * picture had shown, the entry's evaluation (some 120 ms on a phone's CPU) held the picture's paint
 * back; the app's first render replaces the static markup with elements of its own, so taking over
 * before the picture has shown only repaints it later. Fetched before it (a low-priority
 * modulepreload), its 114 KB shared a slow phone network with the picture: Lighthouse's simulation
 * counts every request that ended before the picture painted as needed for it, and put home's and
 * /v's LCP at 2.0-2.2 s in those runs, 1.1-1.4 s in the others. The cost: the entry's request starts
 * one round trip later; its bytes still arrive about when they did on a line they shared.
 * A page without a first screen (the service worker's shell) runs the entry at once. No imports:
 * this file is its own tiny chunk.
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

const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;
if (entry) {
  void firstScreenPainted()
    .then(() => import(/* @vite-ignore */ entry))
    .then(() => {
      window.removeEventListener('beforeinstallprompt', keepInstallOffer);
      if (installOffer) window.dispatchEvent(installOffer);
    });
}
