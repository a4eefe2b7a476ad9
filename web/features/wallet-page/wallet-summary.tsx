import type { SessionInfo } from '../../../schema/auth';
import type { User } from '../../../schema/user';
import { Avatar } from '../../ui/avatar';
import { DEV_WALLET_NAME } from '../wallet/dev-wallet-name';
import { CopyAddress } from './copy-address';
import { formatCoins } from './money-format';
import { signedInWalletName } from './wallet-connection';

type WalletSummaryProps = {
  user: User;
  method: SessionInfo['method'];
  onHistory: () => void;
  onWithdraw: () => void;
};

/** Who, how they are connected, the address to copy, the $REEL balance, and the history and withdraw buttons. */
export function WalletSummary({ user, method, onHistory, onWithdraw }: WalletSummaryProps) {
  const walletName = method === 'wallet' ? signedInWalletName() : null;
  return (
    <div className="wallet-summary">
      <div className="wallet-identity">
        <Avatar src={user.avatar} name={user.fullName || user.username} size={64} />
        <div>
          <p className="wallet-username">@{user.username}</p>
          <p className="muted" data-testid="wallet-connected-via">
            {method === 'keyless' ? 'Google Account' : `Connected via ${walletName ?? 'Petra Wallet'}`}
          </p>
          <CopyAddress address={user.aptosAddress} />
        </div>
      </div>
      <div className="wallet-balance">
        <span className="muted">Balance</span>
        <strong data-testid="wallet-balance">{formatCoins(user.balance)} $REEL</strong>
      </div>
      <div className="wallet-actions">
        <button type="button" className="button" onClick={onHistory}>
          Transaction History
        </button>
        <button type="button" className="button button-primary" onClick={onWithdraw}>
          Withdraw
        </button>
      </div>
      {__LOCAL_CHAIN__ && walletName === DEV_WALLET_NAME && (
        <p className="wallet-dev-hint" data-testid="wallet-dev-hint">
          Dev wallet: funded by the local faucet
        </p>
      )}
    </div>
  );
}
