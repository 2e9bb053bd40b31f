// The contact actions' link to the handoff: the message each wa.me link is prefilled with and
// the opening-hours note. Both are computed only in the browser, after hydration (the server
// and the first render give neither: no time is ever rendered on the server, and the markup
// hydrates as it was written), by `runtime.ts`, which this hook loads in a chunk of its own so
// the entry stays small.
import { useContext, useEffect, useReducer, useState } from 'react';
import { translatorFor } from '@/i18n';
import { PageDataContext } from '@/shared/page-data/page-data-context';
import type { ContactState, HandoffExtra } from './runtime';

type Runtime = typeof import('./runtime');

/** `{}` until the handoff's code has loaded in the browser; then the message and the note. */
export function useContactHandoff(extra?: HandoffExtra): Partial<ContactState> {
  // Without page data (a component rendered on its own) there is no page to name: no message.
  const data = useContext(PageDataContext)?.data;
  const [runtime, setRuntime] = useState<Runtime>();
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    // Setting state after an unmount is a no-op; the subscription ends once the code is here.
    const subscribed = import('./runtime').then((loaded) => {
      setRuntime(loaded);
      return loaded.subscribe(refresh);
    });
    return () => void subscribed.then((stop) => stop());
  }, []);
  // The page's catalogue (loaded with its data) writes the opening time: "9 AM".
  const clock = data ? translatorFor(data.lang) : undefined;
  return runtime && data && clock ? runtime.contactState(data, clock, extra) : {};
}
