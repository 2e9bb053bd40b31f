// Which module and export render each page kind. The table is data (the page table,
// `shared/pages.json`), read by the browser's loaders, the server's table and Rust
// (`assets::screen_table`), which modulepreloads each page's screen chunk from Vite's manifest
// (`src/app/routes/<module>.tsx`).
import { PAGE_TABLE } from '@/shared/page-table';
import type { ScreenComponent, ScreenKind } from './screen-types';

export interface ScreenEntry {
  /** The file in this folder, without `.tsx`: `blog-screens`. */
  module: string;
  /** The component it exports for the kind: `BlogPostRoute`. */
  export: string;
}

/** Page kind → screen (TypeScript checks that every kind has one). */
export const SCREEN_TABLE: Record<ScreenKind, ScreenEntry> = PAGE_TABLE;

export const SCREEN_KINDS = Object.keys(SCREEN_TABLE) as ScreenKind[];

/** A screen module as `import.meta.glob` gives it, keyed `./<module>.tsx`. */
export type ScreenModule = Record<string, unknown>;

/** The glob key of a kind's module. */
export function screenModulePath(kind: ScreenKind): string {
  return `./${SCREEN_TABLE[kind].module}.tsx`;
}

/** The kind's component from its loaded module; an error naming both if it is not there. */
export function screenExport(kind: ScreenKind, module: ScreenModule | undefined): ScreenComponent {
  const { module: name, export: exported } = SCREEN_TABLE[kind];
  const screen = module?.[exported];
  if (typeof screen !== 'function') throw new Error(`pages.json: ${name}.tsx has no component ${exported} (page kind ${kind})`);
  return screen as ScreenComponent;
}
