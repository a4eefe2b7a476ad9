import { MESSAGES } from '../../../schema/messages';
import { useCopy } from '../../lib/use-copy';
import { showToast } from '../../ui/toast-store';
import { shortAddress } from './money-format';

/** The address as first 7 … last 7, with a copy button that confirms 'Copied to clipboard' for 1.5 s. */
export function CopyAddress({ address }: { address: string }) {
  const { copied, copy } = useCopy();
  const onCopy = async () => {
    if (!(await copy(address))) showToast('Could not copy the address', 'error');
  };

  return (
    <p className="wallet-address">
      <code title={address} data-testid="wallet-address">
        {shortAddress(address)}
      </code>
      <button type="button" className="link-button" onClick={() => void onCopy()} aria-label="Copy address">
        Copy
      </button>
      <span role="status" className="wallet-copied">
        {copied ? MESSAGES.wallet.copiedClipboard : ''}
      </span>
    </p>
  );
}
