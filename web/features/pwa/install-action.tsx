import { useSyncExternalStore } from 'react';
import { getInstallOffer, setInstallOffer, subscribeInstallOffer } from './install-offer';
import './install.css';

const userAgent = navigator.userAgent;
/**
 * iOS Safari installs only from its Share menu and fires no install event: so it gets a hint. iPadOS
 * says "Macintosh", told apart by its touch screen; other iOS browsers and the installed app do not.
 */
const showsIosHint =
  (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && navigator.maxTouchPoints > 1)) &&
  !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent) &&
  !('standalone' in navigator && navigator.standalone === true) &&
  !matchMedia('(display-mode: standalone)').matches;

/**
 * Install app while the browser offers an install: it prompts, and the item goes after the user's
 * choice (an offer prompts once) or once the app is installed. On iOS Safari, a one-line hint.
 */
export function InstallAction({ onInstall }: { onInstall: () => void }) {
  const offer = useSyncExternalStore(subscribeInstallOffer, getInstallOffer);
  if (offer) {
    const install = async () => {
      onInstall();
      try {
        await offer.prompt();
        await offer.userChoice;
      } finally {
        if (getInstallOffer() === offer) setInstallOffer(null);
      }
    };
    return (
      <button type="button" className="install-item" onClick={() => void install()}>
        Install app
      </button>
    );
  }
  if (showsIosHint) return <p className="install-hint">To install: Share → Add to Home Screen</p>;
  return null;
}
