// One chunk per screen in the browser, so a visit downloads only the screens it shows.
import { screenExport, screenModulePath, type ScreenModule } from './screen-table';
import type { ScreenComponent, ScreenKind, ScreenSource } from './screen-types';

// Every screen module, each loaded on demand (the patterns match the modules pages.json names;
// a test keeps the two in step).
const MODULES = import.meta.glob<ScreenModule>(['./*-screen.tsx', './*-screens.tsx']);

function loadScreen(kind: ScreenKind): Promise<ScreenComponent> {
  const load = MODULES[screenModulePath(kind)];
  if (!load) return Promise.reject(new Error(`pages.json: no module ${screenModulePath(kind)} for page kind ${kind}`));
  return load().then((module) => screenExport(kind, module));
}

export function createClientScreens(): ScreenSource {
  const loaded = new Map<ScreenKind, ScreenComponent>();
  const pending = new Map<ScreenKind, Promise<ScreenComponent>>();
  return {
    get: (kind) => loaded.get(kind),
    load: (kind) => {
      let promise = pending.get(kind);
      if (!promise) {
        promise = loadScreen(kind).then((screen) => {
          loaded.set(kind, screen);
          return screen;
        });
        // A failed load (offline, a new deploy) may be retried by the next navigation.
        promise.catch(() => pending.delete(kind));
        pending.set(kind, promise);
      }
      return promise;
    },
  };
}
