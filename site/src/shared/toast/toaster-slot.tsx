import { lazy, Suspense, useSyncExternalStore } from 'react';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

// Whether the page has raised a toast. The store (a chunk of its own, loaded with the code that
// raises toasts) tells the slot here, so the entry carries neither the store nor Radix Toast.
let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the notification region: the store calls it with the page's first toast. */
export function mountToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isWanted = () => wanted;
const notOnTheServer = () => false;

/**
 * Mounts the notification region when the page raises its first toast, and keeps it: Radix
 * Toast is loaded then, as its own chunk, so a page that shows no toast never downloads it. The
 * toast waits in the store while the chunk loads, and shows (for its full duration) once it has.
 */
export function ToasterSlot() {
  // The server and hydration render no region (no toast is raised before hydration).
  const mounted = useSyncExternalStore(subscribe, isWanted, notOnTheServer);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
