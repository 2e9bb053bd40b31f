// Resolves the interface strings' fallbacks when the catalogues are bundled.
//
// A language's strings may lack a key (`sahel check` reports it as an error; `build` and
// `serve` only warn). i18next would fall back along `fallbackLng` at run time, but the browser
// downloads only the page's own language: the server, which holds every language, would render
// the fallback's string and the browser the key, and the page would not hydrate as rendered.
// So every strings file of a language's folder (`site/src/i18n/<code>/`, or the folder
// `SAHEL_STRINGS_DIRS` names, see `languages.ts`) the app imports is given, here, the strings it
// lacks from the same file of its fallback languages (the table's `fallback`, in order; the
// language's own strings win). Server and browser then read the same catalogue, and i18next's
// run-time fallback is never needed for the bundled strings.
//
// A plural string (`key_one`, `key_few`...) is completed form by form: each plural category of
// the language (`Intl.PluralRules`) it lacks is taken from the first fallback with that form,
// else with `_other`.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import type { AppLanguage } from './languages.ts';

export type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The plural bases of a level (`servicesCount` for `servicesCount_few`). */
function pluralBases(tree: Tree): Set<string> {
  const bases = new Set<string>();
  for (const [key, value] of Object.entries(tree)) if (typeof value === 'string' && PLURAL.test(key)) bases.add(key.replace(PLURAL, ''));
  return bases;
}

/** `own` with what it lacks of `fallbacks` (in order), for a language with `categories`. */
export function withFallbacks(own: Tree, fallbacks: Tree[], categories: readonly string[]): Tree {
  const out: Tree = { ...own };
  for (const fallback of fallbacks) {
    for (const [key, value] of Object.entries(fallback)) {
      const mine = out[key];
      if (isTree(value)) {
        if (mine === undefined || isTree(mine)) out[key] = withFallbacks(isTree(mine) ? mine : {}, [value], categories);
      } else if (!PLURAL.test(key) && mine === undefined) {
        out[key] = value;
      }
    }
    // Plural strings: every category of the language, from this fallback where it is missing.
    for (const base of pluralBases(fallback)) {
      for (const category of categories) {
        const form = `${base}_${category}`;
        const theirs = fallback[form] ?? fallback[`${base}_other`];
        if (out[form] === undefined && typeof theirs === 'string') out[form] = theirs;
      }
    }
  }
  return out;
}

function readTree(path: string): Tree | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return isTree(value) ? value : null;
  } catch {
    return null; // missing (sahel check reports it) or not JSON (Vite's own JSON plugin says so)
  }
}

/** The plugin, for the table's languages and their strings folders (`dirs`, absolute). */
export function stringsFallback(languages: readonly AppLanguage[], dirs: Readonly<Record<string, string>>): Plugin {
  const langOfDir = new Map(languages.map(({ code }) => [dirs[code]!, code]));
  const chains = new Map(languages.map(({ code, fallback }) => [code, fallback]));
  return {
    name: 'sahel:strings-fallback',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!;
      const lang = path.endsWith('.json') ? langOfDir.get(dirname(path)) : undefined;
      if (lang === undefined) return null;
      const fallbacks: Tree[] = [];
      for (const other of chains.get(lang) ?? []) {
        const file = join(dirs[other]!, basename(path));
        this.addWatchFile(file);
        const tree = readTree(file);
        if (tree) fallbacks.push(tree);
      }
      const own: unknown = JSON.parse(code);
      if (!isTree(own) || fallbacks.length === 0) return null;
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      return { code: JSON.stringify(withFallbacks(own, fallbacks, categories)), map: null };
    },
  };
}
