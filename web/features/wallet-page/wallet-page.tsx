import { useEffect, useState } from 'react';
import type { SessionInfo } from '../../../schema/auth';
import { MESSAGES } from '../../../schema/messages';
import type { User } from '../../../schema/user';
import { useSession } from '../../lib/session';
import { loadChainReader } from '../wallet/chain-client';
import { loadWalletAdapter } from '../wallet/wallet-adapter';
import { HistoryDialog } from './history-dialog';
import { ConnectWalletDialog, KeylessTopUpNote } from './keyless-top-up-note';
import { PaymentStatusDialog } from './payment-status-dialog';
import { useAptBalance, useWalletUser } from './queries';
import { TopUpGrid } from './top-up-grid';
import { usePayments, usePublicConfig } from './use-payments';
import { WalletSummary } from './wallet-summary';
import { WithdrawDialog } from './withdraw-dialog';
import './wallet-page.css';

/** /wallet (accounts §2): balance, top-up, withdraw and history for the signed-in user. */
export function WalletPage() {
  const { loading, info } = useSession();
  if (loading) return <WalletMessage text={MESSAGES.wallet.loading} />;
  if (!info) return <WalletMessage text={MESSAGES.wallet.connect} testId="wallet-connect" />;
  return <WalletForSession info={info} />;
}

function WalletMessage({ text, testId, alert }: { text: string; testId?: string; alert?: boolean }) {
  return (
    <section className="page wallet-page" aria-labelledby="wallet-title">
      <h1 id="wallet-title" className="visually-hidden">
        Wallet
      </h1>
      <p className="page-message" role={alert ? 'alert' : 'status'} data-testid={testId}>
        {text}
      </p>
    </section>
  );
}

function WalletForSession({ info }: { info: SessionInfo }) {
  const user = useWalletUser(info.address);
  if (user.isPending) return <WalletMessage text={MESSAGES.wallet.loading} testId="wallet-loading" />;
  if (!user.data) return <WalletMessage text={MESSAGES.profile.loadFailed} testId="wallet-error" alert />;
  return <Wallet user={user.data} method={info.method} />;
}

function Wallet({ user, method }: { user: User; method: SessionInfo['method'] }) {
  const payments = usePayments(user);
  // Keyless accounts cannot pay (accounts §4): only a connected wallet's APT is read.
  const apt = useAptBalance(user.aptosAddress, method === 'wallet');
  const config = usePublicConfig();
  const [dialog, setDialog] = useState<'history' | 'withdraw' | 'connect' | null>(null);
  const connectWallet = () => {
    payments.dismiss();
    setDialog('connect');
  };
  const keylessNote = method === 'keyless' ? <KeylessTopUpNote onConnect={connectWallet} /> : null;

  // Fetch the wallet adapter and the chain reader now, so a Pay click does not wait for them; a
  // failure here is reported by the payment that needs them.
  useEffect(() => {
    loadWalletAdapter().catch(() => undefined);
    loadChainReader().catch(() => undefined);
  }, []);

  return (
    <section className="page wallet-page" aria-labelledby="wallet-title">
      <h1 id="wallet-title">Wallet</h1>
      <WalletSummary
        user={user}
        method={method}
        onHistory={() => setDialog('history')}
        onWithdraw={() => setDialog('withdraw')}
      />
      <TopUpGrid
        busy={payments.busy}
        onPay={payments.deposit}
        note={keylessNote}
        aptBalance={method === 'wallet' ? { apt: apt.data, failed: apt.isError } : undefined}
      />
      <HistoryDialog userId={user.id} open={dialog === 'history'} onClose={() => setDialog(null)} />
      <WithdrawDialog
        balance={user.balance}
        open={dialog === 'withdraw'}
        busy={payments.busy}
        onClose={() => setDialog(null)}
        onWithdraw={payments.withdraw}
      />
      <PaymentStatusDialog
        kind={payments.kind}
        progress={payments.progress}
        chain={config.data?.chain}
        onClose={payments.dismiss}
        failureNote={payments.kind === 'deposit' ? keylessNote : null}
      />
      <ConnectWalletDialog open={dialog === 'connect'} onClose={() => setDialog(null)} />
    </section>
  );
}
