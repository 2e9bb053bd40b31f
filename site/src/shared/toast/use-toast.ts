import { useSyncExternalStore } from 'react';
import { dismissToast, getServerToasts, getToasts, subscribeToasts, toast, type ToastItem } from './toast-store';

export interface ToastApi {
  /** The toasts on screen (at most one). */
  toasts: ToastItem[];
  /** Shows a toast, replacing the one on screen. */
  toast: typeof toast;
  /** Closes one toast, or all of them. */
  dismiss: typeof dismissToast;
}

export function useToast(): ToastApi {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  return { toasts, toast, dismiss: dismissToast };
}
