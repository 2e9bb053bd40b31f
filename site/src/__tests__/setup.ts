// Vitest setup for the component tests (jsdom).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerCatalogue } from '@/i18n';
import catalogues from 'virtual:sahel/strings/common';

// Every language's strings, as the server has them (the browser loads them per page).
for (const [lang, catalogue] of Object.entries(catalogues)) registerCatalogue(lang, catalogue);

afterEach(() => cleanup());

// jsdom lacks ResizeObserver, which Radix's popper (the tooltip) measures with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom does not scroll; the app scrolls to the top after each navigation. (A test of the build
// runs in Node, without a window: `@vitest-environment node`.)
if (typeof window !== 'undefined') window.scrollTo = (() => {}) as typeof window.scrollTo;
