// Interface strings, through one i18next instance (the server's render and the browser's
// hydration use the same setup, so they produce the same text).
//
// - Files: `<lang>/<name>.json`, in i18next's JSON format (v4), which translators' tools
//   (i18next-parser, i18n-ally) read. All of them form one namespace, `translation`; a file
//   only groups what travels together. `<lang>/common.json` is the catalogue every page loads;
//   strings only one screen uses (`contact.json`, `assistant.json`, `service.json`, `faq.json`)
//   travel in that screen's chunk and are added when it loads (`addStrings`), so pages that do
//   not show the screen never download them. `handoff.json` is read by the handoff's runtime,
//   not here (see `shared/handoff/runtime.ts`).
// - Keys are typed: `CustomTypeOptions` below gives i18next the English files' shape, so
//   `t('nav.hom')` fails `tsc`.
// - Plural forms are i18next's `Intl.PluralRules` suffixes: `key_zero`, `key_one`, `key_two`,
//   `key_few`, `key_many`, `key_other` (Arabic uses all six, English `_one` and `_other`), and
//   `t('key', { count })` picks the count's form. No number word is written for a count that
//   could change.
// - Languages are the site's table (`shared/languages.ts`), any number of them; each one's files
//   come from its strings folder through `virtual:sahel/...` modules
//   (`site/vite-plugins/strings-modules.ts`), so the app never names a language.
// - A language whose strings lack a key falls back along the table's `fallback` (i18next's
//   `fallbackLng`). The browser downloads only the page's own language, so the
//   fallback is resolved when the catalogues are bundled (`site/vite-plugins/strings-fallback.ts`:
//   each language's files carry their fallbacks' strings for the keys they lack), and the server
//   and the browser render the same string. `sahel check` reports every missing key as an error
//   at its file; `build` and `serve` warn and build with the fallback.
// - Interpolation does not escape (`escapeValue: false`): React escapes every text and attribute
//   it writes, so i18next's escaping would show `&lt;` and `&#39;` to the visitor (in a name, in
//   the email subject); no string here is ever written as HTML.
// - Every string value is put in a first-strong isolate (FSI … PDI, `isolate.ts`) as it is
//   interpolated, in every language: a query, a name or a phone number of the other direction
//   keeps its order and leaves the sentence's alone ("«+971 4 555 0100»" in Arabic, not
//   "«0100 555 4 971+»"). Numbers are not isolated (they are written in the language's digits).
//   A call passes `isolate: false` where the text is not laid out on the page: an `aria-label`
//   (read out, never drawn), a `mailto:` subject, a value written into another string (the
//   opening hours' times, which the handoff's WhatsApp text carries too); and for a value the app
//   writes in the page's own language (the printed-on date, from `Intl` with the table's locale).
//   `t`'s memory keys a call by the values as given, so the option is part of the key.
// - A page downloads only its own language's catalogue (a chunk of its own, which the page
//   preloads); another language's loads when the visitor switches.
//
// i18next's own `react-i18next` is not used: the app needs a context and a hook (below), and it
// would add 3.3 KB gzip to every page's first visit (measured: react-i18next 17.1.13's
// `useTranslation`, `I18nextProvider` and `initReactI18next`, minified) for features the app does not use
// (Suspense loading, `Trans`, HOCs).
import i18next, { type FormatterModule, type i18n, type InitOptions, type ParseKeys, type TFunction as I18nextTFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type enAssistant from './en/assistant.json';
import type enCommon from './en/common.json';
import type enContact from './en/contact.json';
import type enHandoff from './en/handoff.json';
import type enService from './en/service.json';
import type enFaq from './en/faq.json';
import loaders from 'virtual:sahel/catalogues';
import { defaultLang, isLanguage, language, localDigits } from '@/shared/languages';
import { isolate } from './isolate';
import type { Lang } from '@/shared/page-data';

/** The strings every page loads. */
export type Catalogue = typeof enCommon;
/** Every string, including the screens' own (the keys `t` accepts). */
export type AllStrings = Catalogue & typeof enContact & typeof enAssistant & typeof enHandoff & typeof enService & typeof enFaq;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AllStrings };
  }
}

/** `t` of one language: `t('nav.home')`, `t('footer.copyright', { year, company })`. */
export type TFunction = I18nextTFunction<'translation'>;
/** A key `t` accepts (a plural string's key without its suffix: `home.servicesCount`). */
export type MessageKey = ParseKeys<'translation'>;
/** A call's values; `isolate: false` leaves the string values out of their isolates (above). */
export type Values = Record<string, string | number | boolean | undefined>;
/** A plain `t` over typed keys, for code outside React that is handed one (or makes its own). */
export type Translate = (key: MessageKey, values?: Values) => string;

export interface Translator {
  lang: Lang;
  /**
   * The string at `key`, with `{{name}}` replaced from `values`; for plural forms, the form of
   * `values.count` in the language; else the fallback languages' string; else the key itself.
   */
  t: TFunction;
  /** Whether the language (or its fallbacks) has a string at `key`. */
  has: (key: string) => boolean;
}

/** The app's setup of i18next (the server's and the browser's, and the tests'). */
const OPTIONS = {
  // Resources are given, not fetched: init finishes synchronously, so the server bundle renders
  // at once and the browser hydrates with no wait.
  initAsync: false,
  lng: defaultLang(),
  // No `supportedLngs`: the table's languages are the only ones asked for, read when asked (a
  // test may swap the table, `setLanguageTable`).
  // Where a language's missing strings are looked up, in order: the table's `fallback` (the
  // bundler resolves the same chain, see above).
  fallbackLng: (code: string) => (isLanguage(code) ? language(code).fallback : []),
  load: 'currentOnly',
  // A value left out is written as nothing, as the app's own translator did, not as `{{name}}`.
  missingInterpolationHandler: () => '',
  // Every value goes through the formatter below (numbers in the language's digits).
  interpolation: { escapeValue: false, alwaysFormat: true },
} satisfies InitOptions;

/**
 * Interpolated numbers (`{{count}}`, `{{year}}`) in the language's digits (the table's
 * `digits`); strings in a first-strong isolate unless the call says `isolate: false` (above);
 * other values as given. It replaces i18next's own formatter (`{{value, number}}`), which no
 * string uses. i18next hands it the call's options with the values (`alwaysFormat`).
 */
const digitsFormatter: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format, lng, options) => {
    if (typeof value === 'number') return lng ? localDigits(lng, value) : (value as unknown as string);
    if (typeof value === 'string' && options?.isolate !== false) return isolate(value);
    return value as string;
  },
};

/**
 * The app's instance, set up on first use (a catalogue registered, a screen's strings added),
 * not as the module is evaluated: the browser evaluates the entry and everything it imports in
 * one task, which i18next's set-up lengthened by a few milliseconds; the page's catalogue
 * arrives in a task of its own.
 */
let shared: i18n | null = null;
function app(): i18n {
  if (!shared) {
    shared = i18next.createInstance().use(digitsFormatter);
    void shared.init({ ...OPTIONS, resources: {} });
  }
  return shared;
}

/** The languages whose catalogue is loaded. */
const loaded = new Set<Lang>();
const translators = new Map<Lang, Translator>();
const pending = new Map<Lang, Promise<Translator>>();

/**
 * A translator for `lang`: over the app's strings, or, given `strings`, over those alone (in an
 * i18next instance of their own with the app's setup, fallbacks included: tests use it for a
 * language that lacks some strings).
 */
export function createTranslator(lang: Lang, strings?: Readonly<Record<Lang, object>>): Translator {
  let instance: i18n;
  if (strings) {
    instance = i18next.createInstance().use(digitsFormatter);
    const resources = Object.fromEntries(Object.entries(strings).map(([l, tree]) => [l, { translation: tree }]));
    void instance.init({ ...OPTIONS, lng: lang, resources });
  } else instance = app();
  return { lang, t: memoized(instance.getFixedT(lang)), has: (key) => instance.exists(key, { lng: lang }) };
}

/** Bumped whenever strings are added, which may change what a key gives. */
let generation = 0;

/** Strings a translator remembers, at most (a visitor typing a name into a string's value makes a new one per key stroke). */
const REMEMBERED = 1000;

/**
 * Where a call's string is remembered: the key alone, or with values that are all strings,
 * finite numbers and booleans (`isolate: false`), as JSON, which no value can forge; `null` for
 * any other call, which goes to i18next each time.
 */
function callKey(key: unknown, rest: unknown[]): string | null {
  if (typeof key !== 'string') return null;
  if (rest.length === 0) return key;
  const [values] = rest;
  if (rest.length > 1 || values === null || typeof values !== 'object' || Object.getPrototypeOf(values) !== Object.prototype) return null;
  for (const value of Object.values(values)) {
    if (typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) return null;
  }
  return JSON.stringify([key, values]);
}

/**
 * `t` with the strings it gave remembered, per key and values (labels, headings, and the header's
 * and footer's strings with the site's name, phone and hours: every page asks for the same ones).
 * i18next resolves each call anew (key path, fallbacks, plural and context suffixes,
 * interpolation), which made a page's React render about 0.5 ms slower than the app's former
 * translator, a third more on a small site's build. Any other call goes to i18next.
 */
function memoized(t: TFunction): TFunction {
  const call = t as unknown as (...args: unknown[]) => unknown;
  let cache = new Map<string, string>();
  let seen = generation;
  const remembered = (key: string, ...rest: unknown[]): unknown => {
    const id = callKey(key, rest);
    if (id === null) return call(key, ...rest);
    if (seen !== generation || cache.size >= REMEMBERED) {
      cache = new Map();
      seen = generation;
    }
    let value = cache.get(id);
    if (value === undefined) {
      value = String(call(key, ...rest));
      cache.set(id, value);
    }
    return value;
  };
  return Object.assign(remembered, t) as unknown as TFunction;
}

/**
 * Forgets the Intl objects made so far (i18next keeps each language's `Intl.PluralRules`). The
 * server bundle is evaluated into a V8 startup snapshot (with both catalogues registered and
 * pages rendered), and V8 cannot snapshot a live Intl object ("CheckGlobalAndEternalHandles
 * failed"): the snapshot's builder calls this just before the heap is written
 * (`site/ssr-snapshot.mjs`, through the server entry's `beforeSnapshot`). They are made again
 * on first use.
 */
export function forgetIntlObjects(): void {
  shared?.services.pluralResolver.clearCache();
}

/** Makes a catalogue available synchronously (the server bundle and tests register every language's). */
export function registerCatalogue(lang: Lang, catalogue: Catalogue): Translator {
  // Not overwriting: strings a screen added before the catalogue arrived stay.
  app().addResourceBundle(lang, 'translation', catalogue, true, false);
  generation += 1;
  loaded.add(lang);
  let translator = translators.get(lang);
  if (!translator) {
    translator = createTranslator(lang);
    translators.set(lang, translator);
  }
  return translator;
}

/** Adds a screen's strings in every language (to a catalogue loaded later, too). */
export function addStrings(strings: Readonly<Record<Lang, object>>): void {
  for (const [lang, tree] of Object.entries(strings)) app().addResourceBundle(lang, 'translation', tree, true, true);
  generation += 1;
}

/** The language's translator, if its catalogue is loaded. */
export function translatorFor(lang: Lang): Translator | undefined {
  return loaded.has(lang) ? translators.get(lang) : undefined;
}

/** Loads a language's catalogue (once; a failed load may be retried). */
export function loadCatalogue(lang: Lang): Promise<Translator> {
  const ready = translatorFor(lang);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(lang);
  if (!promise) {
    const load = loaders[lang];
    promise = load ? load().then((m) => registerCatalogue(lang, m.default)) : Promise.reject(new Error(`no strings for the language "${lang}"`));
    promise.catch(() => pending.delete(lang));
    pending.set(lang, promise);
  }
  return promise;
}

export const TranslatorContext = createContext<Translator | null>(null);

/** The current language's strings: `const { t } = useTranslation(); t('nav.home')`. */
export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation() needs the LanguageProvider, with its catalogue loaded');
  return translator;
}
