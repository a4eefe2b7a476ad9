import { useEffect, useState } from 'react';
import { LIMITS } from '../../schema/constants';

/**
 * Copies text to the clipboard; `copied` stays true for `confirmMs` after a copy (the 'Copied'
 * hint beside the button). `copy` answers whether the clipboard took the text, so the caller can
 * toast either way.
 */
export function useCopy(confirmMs: number = LIMITS.copyConfirmMs) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), confirmMs);
    return () => clearTimeout(timer);
  }, [copied, confirmMs]);
  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Copy failed', error);
      return false;
    }
    setCopied(true);
    return true;
  };
  return { copied, copy };
}
