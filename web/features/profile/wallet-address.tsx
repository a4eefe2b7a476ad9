import { LIMITS } from '../../../schema/constants';
import { useCopy } from '../../lib/use-copy';

const SHOWN = 7;

/** '0x12345…abcdef1': the first and last 7 characters (content §9). */
export const shortAddress = (address: string) =>
  address.length > SHOWN * 2 ? `${address.slice(0, SHOWN)}...${address.slice(-SHOWN)}` : address;

/** The wallet address, shortened, with a copy button that says 'Copied!' for 1.2 s. */
export function WalletAddress({ address }: { address: string }) {
  const { copied, copy } = useCopy(LIMITS.copyConfirmProfileMs);

  return (
    <span className="wallet-address">
      <code title={address}>{shortAddress(address)}</code>
      <button
        type="button"
        className="button profile-small-button"
        onClick={() => void copy(address)}
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
