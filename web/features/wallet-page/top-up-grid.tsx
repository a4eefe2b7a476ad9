import { type ReactNode, useState } from 'react';
import { TOP_UP_PACKAGES, type TopUpPackage } from '../../../schema/catalogue';
import { formatCoins, usdEstimate } from './money-format';

type TopUpGridProps = {
  busy: boolean;
  onPay: (pkg: TopUpPackage) => void;
  /** Shown above the packages: what a keyless account can do instead. */
  note?: ReactNode;
};

/**
 * The eight top-up packages (accounts §9), each with its 'Pay X APT' button and dollar estimate.
 * The first is selected by default; paying for one selects it.
 */
export function TopUpGrid({ busy, onPay, note }: TopUpGridProps) {
  const [selected, setSelected] = useState(0);
  return (
    <section className="wallet-top-up" aria-labelledby="top-up-title">
      <h2 id="top-up-title">Top Up $REEL</h2>
      {note}
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
