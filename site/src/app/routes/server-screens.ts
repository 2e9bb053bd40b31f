// Every screen, imported up front: the server renders any route synchronously.
import { SCREEN_KINDS, screenExport, screenModulePath, type ScreenModule } from './screen-table';
import type { ScreenComponent, ScreenKind, ScreenSource } from './screen-types';

const MODULES = import.meta.glob<ScreenModule>(['./*-screen.tsx', './*-screens.tsx'], { eager: true });

const SCREENS = Object.fromEntries(SCREEN_KINDS.map((kind) => [kind, screenExport(kind, MODULES[screenModulePath(kind)])])) as Record<
  ScreenKind,
  ScreenComponent
>;

export const serverScreens: ScreenSource = {
  get: (kind) => SCREENS[kind],
  load: async (kind) => SCREENS[kind],
};
