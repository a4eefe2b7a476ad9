import { type ReactNode, useState } from 'react';
import { TOP_UP_PACKAGES, type TopUpPackage } from '../../../schema/catalogue';
import { formatApt, formatCoins, usdEstimate } from './money-format';

type TopUpGridProps = {
  busy: boolean;
  onPay: (pkg: TopUpPackage) => void;
  /** Shown above the packages: what a keyless account can do instead. */
  note?: ReactNode;
  /** The connected wallet's APT, once read; undefined when there is no wallet to read. */
  aptBalance?: { apt: number | undefined; failed: boolean };
};

/**
 * The eight top-up packages (accounts §9), each with its 'Pay X APT' button and dollar estimate.
 * The first is selected by default; paying for one selects it.
 */
export function TopUpGrid({ busy, onPay, note, aptBalance }: TopUpGridProps) {
  const [selected, setSelected] = useState(0);
  const apt = aptBalance?.apt;
  return (
    <section className="wallet-top-up" aria-labelledby="top-up-title">
      <h2 id="top-up-title">Top Up $REEL</h2>
      {note}
      {aptBalance && (
        <p className="muted" data-testid="wallet-apt-balance">
          In your wallet:{' '}
          {apt !== undefined ? `${formatApt(apt)} APT` : aptBalance.failed ? 'unavailable' : 'reading…'}
        </p>
      )}
      <ul className="top-up-grid">
        {TOP_UP_PACKAGES.map((pkg, index) => (
          <li
            key={pkg.reel}
            className="top-up-card"
            data-selected={index === selected ? 'true' : undefined}
            data-testid="top-up-package"
          >
            <strong className="top-up-reel">{formatCoins(pkg.reel)} $REEL</strong>
            <span className="muted">
              {pkg.apt} APT ≈ {usdEstimate(pkg.apt)}
            </span>
            {apt !== undefined && pkg.apt > apt && (
              <span className="top-up-short" data-testid="top-up-short">
                More than your wallet holds
              </span>
            )}
            <button
              type="button"
              className={index === selected ? 'button button-primary' : 'button'}
              disabled={busy}
              onClick={() => {
                setSelected(index);
                onPay(pkg);
              }}
            >
              Pay {pkg.apt} APT
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
