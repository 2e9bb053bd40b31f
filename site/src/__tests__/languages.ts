// Shared by the tests of a site with more languages than the shipped two: the table with Farsi
// (right-to-left, Extended Arabic-Indic digits, Vazirmatn) as a third language, and Farsi's
// strings as the build would bundle them (a small catalogue of its own, completed from its
// fallbacks, Arabic then English, by the same function the bundler uses).
import { afterEach, beforeEach } from 'vitest';
import { addStrings, registerCatalogue, type Catalogue } from '@/i18n';
import common from 'virtual:sahel/strings/common';
import assistant from 'virtual:sahel/strings/assistant';
import contact from 'virtual:sahel/strings/contact';
import faq from 'virtual:sahel/strings/faq';
import service from 'virtual:sahel/strings/service';
import { languages, setLanguageTable, type Language } from '@/shared/languages';
import { withFallbacks, type Tree } from '../../vite-plugins/strings-fallback';
import faCommon from './fixtures/fa/common.json';

export const FARSI: Language = {
  code: 'fa',
  name: 'فارسی',
  dir: 'rtl',
  locale: 'fa-IR',
  digits: 'arabext',
  font: 'vazirmatn',
  default: false,
  fallback: ['ar', 'en'],
};

/** The shipped table (Arabic, English) with Farsi after them. */
export const THREE_LANGUAGES: readonly Language[] = [...languages(), FARSI];

const FA_CATEGORIES = new Intl.PluralRules('fa').resolvedOptions().pluralCategories;
/** `own` completed along Farsi's fallback chain, as `strings-fallback.ts` bundles it. */
export function bundledFarsi<T extends object>(own: object, byLang: Readonly<Record<string, T>>): T {
  const fallbacks = FARSI.fallback.map((code) => byLang[code] as unknown as Tree);
  return withFallbacks(own as Tree, fallbacks, FA_CATEGORIES) as unknown as T;
}

let registered = false;

/**
 * Uses the three-language table in each test of the calling file (the shipped table again after
 * each), with Farsi's catalogue and screens' strings registered.
 */
export function withThreeLanguages(): void {
  let restore = () => {};
  beforeEach(() => {
    restore = setLanguageTable(THREE_LANGUAGES);
    if (registered) return;
    registered = true;
    registerCatalogue('fa', bundledFarsi<Catalogue>(faCommon, common));
    for (const strings of [assistant, contact, faq, service]) addStrings({ fa: bundledFarsi<object>({}, strings) });
  });
  afterEach(() => restore());
}
