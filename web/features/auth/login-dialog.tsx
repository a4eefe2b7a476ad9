import { hasWalletExtension, WALLET_DOWNLOAD_URL } from '../../lib/wallet';
import { ModalDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toast-store';

type LoginDialogProps = { open: boolean; onClose: () => void };

/** Sign-in choices: Connect Wallet, and Google (disabled, Coming Soon). */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const connectWallet = () => {
    if (!hasWalletExtension()) {
      window.open(WALLET_DOWNLOAD_URL, '_blank', 'noopener,noreferrer');
      return;
    }
    // Wallet sign-in (nonce + signature) arrives with the accounts issue.
    showToast('Wallet sign-in is not built yet.');
    onClose();
  };

  return (
    <ModalDialog open={open} onClose={onClose} title="Sign In">
      <div className="login-options">
        <button type="button" className="button button-primary button-block" onClick={connectWallet}>
          Connect Wallet
        </button>
        <button type="button" className="button button-block" disabled>
          Google <span className="badge">Coming Soon</span>
        </button>
      </div>
    </ModalDialog>
  );
}
