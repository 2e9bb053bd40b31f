// Interface strings: one catalogue per language (`<lang>/common.json`), typed keys,
// `{{name}}` interpolation, and plural forms: a string with a count is an object of the forms
// `Intl.PluralRules` names (`zero`, `one`, `two`, `few`, `many`, `other`: Arabic uses all six,
// English `one` and `other`), and `t(key, { count })` picks the count's form, `other` when the
// language has no string for it. No number word is written for a count that could change. A page downloads only its own language's catalogue (a chunk of its
// own, preloaded by the page); the other language's loads when the visitor switches. Strings
// only one screen uses (`<lang>/contact.json`, `<lang>/assistant.json`) travel in that screen's
// chunk instead, added with `addStrings` when the chunk loads.
//
// This is deliberately small: the site needs key lookup, interpolation and plural forms,
// nothing more (no number formatting: counts are written with Western digits, as the
// content writes them), and i18next with react-i18next cost about 19 KB gzip of the 100 KB
// first-visit budget.
import { createContext, useContext } from 'react';
import type enAssistant from './en/assistant.json';
import type enCommon from './en/common.json';
import type enContact from './en/contact.json';
import type enHandoff from './en/handoff.json';
import type enService from './en/service.json';
import type enFaq from './en/faq.json';
import type { Lang } from '@/shared/page-data';

/** The strings every page loads. */
export type Catalogue = typeof enCommon;
/** Every string, including the screens' own (the keys `t` accepts). */
export type AllStrings = Catalogue & typeof enContact & typeof enAssistant & typeof enHandoff & typeof enService & typeof enFaq;

/** The forms of a string with a count, by `Intl.PluralRules` category; `other` is required. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Every dot-separated path to a string in the catalogue: `nav.home`, `contact.errors.email`;
 * a string with plural forms is one key (`home.servicesCount`).
 */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${P}${K}`
    : T[K] extends { other: string }
      ? `${P}${K}`
      : T[K] extends object
        ? Leaves<T[K], `${P}${K}.`>
        : never;
}[keyof T & string];

export type MessageKey = Leaves<AllStrings>;
export type Values = Record<string, string | number | undefined>;
export type TFunction = (key: MessageKey, values?: Values) => string;

export interface Translator {
  lang: Lang;
  /**
   * The string at `key`, with `{{name}}` replaced from `values`; for plural forms, the form of
   * `values.count` in the language (`other` without a count); the key itself if missing.
   */
  t: TFunction;
  /** Whether the catalogue has a string at `key`. */
  has: (key: string) => boolean;
}

function isPluralForms(node: unknown): node is PluralForms {
  return node !== null && typeof node === 'object' && typeof (node as Record<string, unknown>).other === 'string';
}

function lookup(catalogue: unknown, key: string): string | PluralForms | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' || isPluralForms(node) ? node : undefined;
}

/** Each language's plural rules, made on first use (making them was 4% of a page's render). */
const pluralRules = new Map<Lang, Intl.PluralRules>();

/**
 * Forgets the Intl objects made so far. The server bundle is evaluated into a V8 startup
 * snapshot (with both catalogues registered and pages rendered), and V8 cannot snapshot a live
 * Intl object ("CheckGlobalAndEternalHandles failed"): the snapshot's builder calls this just
 * before the heap is written (`site/ssr-snapshot.mjs`, through the server entry's
 * `beforeSnapshot`).
 */
export function forgetIntlObjects(): void {
  pluralRules.clear();
}

/** The form of `count` among `forms`, by the language's plural rules. */
function pluralForm(lang: Lang, forms: PluralForms, count: Values[string]): string {
  if (typeof count !== 'number') return forms.other;
  let rules = pluralRules.get(lang);
  if (rules === undefined) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return forms[rules.select(count)] ?? forms.other;
}

/** Bumped whenever strings are added to a catalogue (`addStrings`): translators' caches of
 * looked-up keys are then emptied. */
let generation = 0;

export function createTranslator(lang: Lang, catalogue: unknown): Translator {
  // Each key is looked up once (a page asks for a few hundred, most of them the same on every
  // page: the header's and footer's); the render workers' CPU profile had the lookups at a tenth
  // of a page's render.
  const found = new Map<string, string | PluralForms | undefined>();
  let seen = generation;
  const find = (key: string) => {
    if (seen !== generation) {
      found.clear();
      seen = generation;
    }
    if (found.has(key)) return found.get(key);
    const node = lookup(catalogue, key);
    found.set(key, node);
    return node;
  };
  return {
    lang,
    t: (key, values) => {
      const node = find(key);
      if (node === undefined) return key;
      const text = typeof node === 'string' ? node : pluralForm(lang, node, values?.count);
      return values && text.includes('{{')
        ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''))
        : text;
    },
    has: (key) => find(key) !== undefined,
  };
}

type Tree = { [key: string]: string | Tree };

/** Copies `from` into `into`, section by section (plural forms are replaced whole). */
function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const here = into[key];
    into[key] = typeof value === 'string' || isPluralForms(value) ? value : merge(typeof here === 'object' ? here : {}, value);
  }
  return into;
}

const translators = new Map<Lang, Translator>();
const pending = new Map<Lang, Promise<Translator>>();
/** Each language's strings as the translator reads them: the catalogue plus added strings. */
const merged = new Map<Lang, Tree>();
const added: Record<Lang, Tree[]> = { ar: [], en: [] };

/** Makes a catalogue available synchronously (the server bundle and tests register both). */
export function registerCatalogue(lang: Lang, catalogue: Catalogue): Translator {
  const tree = merge({}, catalogue as unknown as Tree);
  for (const strings of added[lang]) merge(tree, strings);
  merged.set(lang, tree);
  const translator = createTranslator(lang, tree);
  translators.set(lang, translator);
  return translator;
}

/** Adds a screen's strings in both languages (to a catalogue loaded later, too). */
export function addStrings(strings: Record<Lang, object>): void {
  for (const lang of ['ar', 'en'] as const) {
    const tree = strings[lang] as Tree;
    added[lang].push(tree);
    const current = merged.get(lang);
    if (current) merge(current, tree);
  }
  generation += 1;
}

/** The language's translator, if its catalogue is loaded. */
export function translatorFor(lang: Lang): Translator | undefined {
  return translators.get(lang);
}

const LOADERS: Record<Lang, () => Promise<{ default: Catalogue }>> = {
  ar: () => import('./ar/common.json') as Promise<{ default: Catalogue }>,
  en: () => import('./en/common.json'),
};

/** Loads a language's catalogue (once; a failed load may be retried). */
export function loadCatalogue(lang: Lang): Promise<Translator> {
  const ready = translators.get(lang);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(lang);
  if (!promise) {
    promise = LOADERS[lang]().then((m) => registerCatalogue(lang, m.default));
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
