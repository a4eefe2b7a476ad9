import { useState } from 'react';
import { WALLET_DOWNLOAD_URL } from '../../lib/wallet';
import { ModalDialog } from '../../ui/modal-dialog';
import { ToastRegion } from '../../ui/toast-region';
import { showToast } from '../../ui/toast-store';
import { useWallets, type WalletChoice } from './use-wallets';
import { WalletList } from './wallet-list';
import { useWalletSignIn, walletErrorMessage } from './wallet-sign-in';
import './auth.css';

type LoginDialogProps = { open: boolean; onClose: () => void };

/**
 * Sign-in choices: Connect Wallet, and Google (disabled, Coming Soon). Connect Wallet lists the
 * wallets the adapter found, or opens the wallet's download site when there is none (accounts §2).
 */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const [choosing, setChoosing] = useState(false);
  const { wallets, load } = useWallets(open);
  const signIn = useWalletSignIn();

  const close = () => {
    setChoosing(false);
    onClose();
  };

  const connectWallet = async () => {
    let found: readonly WalletChoice[];
    try {
      found = await load();
    } catch (error) {
      showToast(walletErrorMessage(error), 'error');
      return;
    }
    if (found.length === 0) {
      window.open(WALLET_DOWNLOAD_URL, '_blank', 'noopener,noreferrer');
      return;
    }
    setChoosing(true);
  };

  const choose = (walletName: string) =>
    signIn.mutate(walletName, {
      onSuccess: close,
      onError: (error) => showToast(walletErrorMessage(error), 'error'),
    });

  return (
    <ModalDialog open={open} onClose={close} title="Sign In">
      {choosing ? (
        <WalletList
          wallets={wallets ?? []}
          busyWallet={signIn.isPending ? signIn.variables : undefined}
          onChoose={choose}
          onBack={() => setChoosing(false)}
        />
      ) : (
        <div className="login-options">
          <button type="button" className="button button-primary button-block" onClick={connectWallet}>
            Connect Wallet
          </button>
          <button type="button" className="button button-block" disabled>
            Google <span className="badge">Coming Soon</span>
          </button>
        </div>
      )}
      {/* The modal's backdrop covers the page's toasts and makes them inert: show errors here too. */}
      {open && <ToastRegion />}
    </ModalDialog>
  );
}
