import { useEffect, useState } from 'react';
import { LIMITS } from '../../../schema/constants';
import { MESSAGES } from '../../../schema/messages';
import { showToast } from '../../ui/toast-store';

/** Copies text with a 'Copied to clipboard' toast; `copied` stays true for 1.5 s (live §2). */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LIMITS.copyConfirmMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Copy failed', error);
      return;
    }
    setCopied(true);
    showToast(MESSAGES.wallet.copiedClipboard, 'success');
  };
  return { copied, copy };
}
