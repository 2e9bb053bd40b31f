import type { ComponentType } from 'react';
import type { Lang, PageKind, RouteData } from '@/shared/page-data';

/** The page kinds that have a screen (an unknown path has none: it redirects). */
export type ScreenKind = Exclude<PageKind, 'notFound'>;

export interface ScreenProps {
  data: RouteData;
  lang: Lang;
}

export type ScreenComponent = ComponentType<ScreenProps>;

/**
 * Where the screens' code comes from: all of it, synchronously, on the server; one chunk per
 * screen in the browser, loaded before hydration for the first page and on navigation after.
 */
export interface ScreenSource {
  /** The screen of a page kind, or undefined while its code has not loaded. */
  get(kind: ScreenKind): ScreenComponent | undefined;
  /** Loads the code of a page kind's screen. */
  load(kind: ScreenKind): Promise<ScreenComponent>;
}
