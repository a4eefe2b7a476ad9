import { useSyncExternalStore } from 'react';

/*
 * Whether the one login dialog is open. The top bar's Sign In and the Sign In of a 'Please log in'
 * toast open the same dialog, so two requests never stack two dialogs.
 */
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

/** Opens the login dialog over the page (it loads on first use). */
export function openLoginDialog(): void {
  setOpen(true);
}

export function closeLoginDialog(): void {
  setOpen(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the login dialog is open now. */
export const isLoginDialogOpen = (): boolean => open;

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, isLoginDialogOpen, isLoginDialogOpen);
}
