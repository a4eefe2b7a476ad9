import type { TipDialogProps } from './tip-target';

/** The gift picker and tip flow (accounts §2 Tip dialog, §4 Tip flow). Being built with the money issue. */
export function TipDialog(_props: TipDialogProps) {
  return null;
}
