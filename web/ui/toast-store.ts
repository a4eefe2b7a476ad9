import { LIMITS } from '../../schema/constants';

export type ToastTone = 'info' | 'success' | 'error';
/** Icons a toast may carry; 'lock' marks the login-required toast (accounts spec §8). */
export type ToastIcon = 'lock';
/** A button in the toast (e.g. Sign In on 'Please log in'); pressing it also dismisses the toast. */
export type ToastAction = { label: string; run: () => void };
export type Toast = { id: number; message: string; tone: ToastTone; icon?: ToastIcon; action?: ToastAction };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Removes a toast before its time is up. */
export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a toast in the top-right region for 4 s (LIMITS.toastMs). Callable from anywhere. */
export function showToast(
  message: string,
  tone: ToastTone = 'info',
  icon?: ToastIcon,
  action?: ToastAction,
): number {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone, icon, action }];
  emit();
  setTimeout(() => dismissToast(id), LIMITS.toastMs);
  return id;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
