// The screen table (the page table, shared/pages.json) is read by the browser's loaders, the
// server's table and Rust: it must name a screen for every page kind, and each module must export
// that component.
import { describe, expect, it } from 'vitest';
import table from '@/shared/pages.json';
import { createClientScreens } from '../client-screens';
import { SCREEN_KINDS, SCREEN_TABLE } from '../screen-table';
import type { ScreenKind } from '../screen-types';
import { serverScreens } from '../server-screens';

/** Every kind the page table declares (sahel's and the site's own: a kind added there needs no
 * edit here). `SCREEN_TABLE`'s type makes TypeScript check that each kind of the page data has an
 * entry. */
const KINDS = Object.keys(table.pages) as ScreenKind[];

const MODULES = import.meta.glob<Record<string, unknown>>(['../*-screen.tsx', '../*-screens.tsx'], { eager: true });

describe('the screen table', () => {
  it('has exactly one entry per screen kind, each a module and an export (the shape Rust reads)', () => {
    expect([...SCREEN_KINDS].sort()).toEqual([...KINDS].sort());
    for (const entry of Object.values(table.pages)) {
      expect(Object.keys(entry).filter((key) => key !== 'collection' && key !== 'sitemap').sort()).toEqual(['export', 'module', 'paths']);
      expect(entry.module).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(entry.export).toMatch(/^[A-Z]\w*$/);
    }
  });

  it.each(KINDS)('names a module that exports the component of %s', (kind) => {
    const { module, export: name } = SCREEN_TABLE[kind];
    const loaded = MODULES[`../${module}.tsx`];
    expect(loaded, `app/routes/${module}.tsx`).toBeDefined();
    expect(typeof loaded![name], `${module}.tsx exports ${name}`).toBe('function');
  });

  it('names every screen module the loaders find, so no screen chunk goes unused', () => {
    const named = new Set(Object.values(SCREEN_TABLE).map((entry) => `../${entry.module}.tsx`));
    expect(Object.keys(MODULES).sort()).toEqual([...named].sort());
  });

  it('gives the browser and the server the same component for every kind', async () => {
    const client = createClientScreens();
    for (const kind of SCREEN_KINDS) {
      const screen = await client.load(kind);
      expect(screen).toBe(serverScreens.get(kind));
      expect(client.get(kind)).toBe(screen);
      expect(screen).toBe(MODULES[`../${SCREEN_TABLE[kind].module}.tsx`]![SCREEN_TABLE[kind].export]);
    }
  });
});
