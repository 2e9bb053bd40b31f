// The contact actions' link to the handoff: the message each wa.me link is prefilled with and
// the opening-hours note. Both are computed only in the browser, after hydration (the server
// and the first render give neither: no time is ever rendered on the server, and the markup
// hydrates as it was written), by `runtime.ts`, which this hook loads in a chunk of its own so
// the entry stays small, once the browser is idle after hydration (the links work without it).
import { useContext, useEffect, useReducer, useState } from 'react';
import { translatorFor } from '@/i18n';
import { whenIdle } from '@/shared/idle';
import { PageDataContext } from '@/shared/page-data/page-data-context';
import type { ContactState, HandoffExtra } from './runtime';

type Runtime = typeof import('./runtime');

/** The handoff's code once a hook has loaded it: a screen shown later uses it at once. */
let loadedRuntime: Runtime | undefined;

/** `{}` until the handoff's code has loaded in the browser; then the message and the note. */
export function useContactHandoff(extra?: HandoffExtra): Partial<ContactState> {
  // Without page data (a component rendered on its own) there is no page to name: no message.
  const data = useContext(PageDataContext)?.data;
  // Hydration never has it (the first load waits for idle), so its first render is the server's.
  const [runtime, setRuntime] = useState<Runtime | undefined>(loadedRuntime);
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    const start = (loaded: Runtime) => {
      loadedRuntime = loaded;
      if (!live) return;
      setRuntime(loaded);
      stop = loaded.subscribe(refresh);
    };
    let cancel = () => {};
    if (loadedRuntime) start(loadedRuntime);
    else cancel = whenIdle(() => void import('./runtime').then(start, () => {}));
    return () => {
      live = false;
      cancel();
      stop?.();
    };
  }, []);
  // The page's catalogue (loaded with its data) writes the opening time: "9 AM".
  const clock = data ? translatorFor(data.lang) : undefined;
  return runtime && data && clock ? runtime.contactState(data, clock, extra) : {};
}
