import { useEffect, useState } from 'react';
import { LIMITS } from '../../../schema/constants';

const SHOWN = 7;

/** '0x12345…abcdef1': the first and last 7 characters (content §9). */
export const shortAddress = (address: string) =>
  address.length > SHOWN * 2 ? `${address.slice(0, SHOWN)}...${address.slice(-SHOWN)}` : address;

/** The wallet address, shortened, with a copy button that says 'Copied!' for 1.2 s. */
export function WalletAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LIMITS.copyConfirmProfileMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard.writeText(address).then(
      () => setCopied(true),
      () => undefined,
    );
  };

  return (
    <span className="wallet-address">
      <code title={address}>{shortAddress(address)}</code>
      <button
        type="button"
        className="button profile-small-button"
        onClick={copy}
        aria-label="Copy wallet address"
      >
        Copy
      </button>
      <span role="status" className="copied-hint">
        {copied ? 'Copied!' : ''}
      </span>
    </span>
  );
}
