import { MESSAGES } from '../../../schema/messages';
import { useCopy } from './use-copy';

/** A Copy button for a secret or a command; reads 'Copied!' for 1.5 s after a copy. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <button type="button" className="button" aria-label={label} onClick={() => void copy(text)}>
      {copied ? MESSAGES.wallet.copied : 'Copy'}
    </button>
  );
}
