import { useEffect, useRef } from 'react';
import type { WalletChoice } from './use-wallets';

type WalletListProps = {
  wallets: readonly WalletChoice[];
  /** The wallet being signed in with, if any: every choice waits for it. */
  busyWallet: string | undefined;
  onChoose: (name: string) => void;
  onBack: () => void;
};

/** The wallets to sign in with, as the wallet adapter found them (extensions and the dev wallet). */
export function WalletList({ wallets, busyWallet, onChoose, onBack }: WalletListProps) {
  const firstRef = useRef<HTMLButtonElement>(null);
  // The Connect Wallet button that had focus is gone: keep the keyboard in the dialog.
  useEffect(() => firstRef.current?.focus(), []);

  return (
    <div className="login-options">
      <p className="login-hint">Choose a wallet</p>
      <ul className="wallet-list">
        {wallets.map((wallet, index) => (
          <li key={wallet.name}>
            <button
              ref={index === 0 ? firstRef : undefined}
              type="button"
              className="button button-block wallet-choice"
              disabled={busyWallet !== undefined}
              aria-busy={busyWallet === wallet.name}
              onClick={() => onChoose(wallet.name)}
            >
              <img src={wallet.icon} alt="" width={24} height={24} />
              <span>{wallet.name}</span>
              {busyWallet === wallet.name && <span className="badge">Connecting…</span>}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-block" onClick={onBack}>
        Back
      </button>
    </div>
  );
}
