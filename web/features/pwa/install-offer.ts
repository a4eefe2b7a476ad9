/**
 * The browser's install offer (Chromium's `beforeinstallprompt`), kept from the moment the entry
 * loads: the event fires once, soon after load, often before the menu's item (loaded lazily,
 * install-action.tsx) is there. Only this listener is in home's entry chunk; one that fires before
 * the entry runs is kept by boot.ts and dispatched again for it.
 */
export type InstallOffer = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();

export const getInstallOffer = () => offer;

export const setInstallOffer = (next: InstallOffer | null) => {
  offer = next;
  for (const listener of listeners) listener();
};

export const subscribeInstallOffer = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

// Cancelling keeps the browser's own install banner away: the menu offers the install instead.
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  setInstallOffer(event as InstallOffer);
});
window.addEventListener('appinstalled', () => setInstallOffer(null));
