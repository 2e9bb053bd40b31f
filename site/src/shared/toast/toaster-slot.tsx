import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * Mounts the notification region once the page has hydrated. Radix Toast is loaded as its own
 * chunk, so it costs nothing on the first paint; a toast raised before it arrives waits in the store.
 */
export function ToasterSlot() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
