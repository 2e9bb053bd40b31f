// The toasts on screen, outside React so any code can raise one: `toast({ title })`.
// At most TOAST_LIMIT (one) at a time: a new toast replaces the one showing. The first toast
// mounts the notification region (`ToasterSlot`, which loads Radix Toast then); a toast waits
// here until it has loaded.
import { mountToaster } from './toaster-slot';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: string;
  /** False once dismissed: the toast plays its exit, then is removed. */
  open: boolean;
}

export const TOAST_LIMIT = 1;
/** Auto-dismiss delay, in ms. */
export const TOAST_DURATION = 5000;
/** Distance, in px, a toast must be swiped to the right to dismiss it. */
export const TOAST_SWIPE_THRESHOLD = 50;
/** Time, in ms, a dismissed toast stays mounted for its exit animation. */
export const TOAST_REMOVE_DELAY = 400;

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

const NO_TOASTS: ToastItem[] = [];
/** The server renders no toasts. */
export function getServerToasts(): ToastItem[] {
  return NO_TOASTS;
}

/** Shows a toast, replacing the one on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = `toast-${nextId}`;
  publish([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  mountToaster();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or every toast when no id is given; each is removed after its exit. */
export function dismissToast(id?: string): void {
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of toasts) {
    if (item.open || removals.has(item.id)) continue;
    removals.set(
      item.id,
      setTimeout(() => {
        removals.delete(item.id);
        publish(toasts.filter((t) => t.id !== item.id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}
