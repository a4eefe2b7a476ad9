import { MESSAGES } from '../../../schema/messages';
import { useCopy } from '../../lib/use-copy';
import { showToast } from '../../ui/toast-store';

/** A Copy button for a secret or a command; reads 'Copied!' for 1.5 s and toasts after a copy (live §2). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  const onCopy = async () => {
    if (await copy(text)) showToast(MESSAGES.wallet.copiedClipboard, 'success');
  };
  return (
    <button type="button" className="button" aria-label={label} onClick={() => void onCopy()}>
      {copied ? MESSAGES.wallet.copied : 'Copy'}
    </button>
  );
}
