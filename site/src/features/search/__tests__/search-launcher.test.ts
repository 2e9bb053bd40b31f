import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from '../search-launcher';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('the search shortcut', () => {
  it('is Ctrl+K off a Mac and ⌘K on one, by the key or its place (an Arabic layout gives «ن»)', () => {
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK', ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ key: 'ن', code: 'KeyK', ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', code: 'KeyK', ctrlKey: true }), false)).toBe(true);
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK', metaKey: true }), true)).toBe(true);
    expect(isSearchShortcut(key({ key: 'ن', code: 'KeyK', metaKey: true }), true)).toBe(true);
  });

  it('leaves the other combinations to the browser and the fields', () => {
    // On a Mac, Ctrl+K deletes to the end of the line.
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK', ctrlKey: true }), true)).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK', metaKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK', ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK', ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', code: 'KeyK' }), false)).toBe(false);
    expect(isSearchShortcut(key({ key: 'j', code: 'KeyJ', ctrlKey: true }), false)).toBe(false);
  });
});
