// Resolves the interface strings' fallbacks when the catalogues are bundled.
//
// A language's strings may lack a key (`sahel check` reports it as an error; `build` and
// `serve` only warn). i18next would fall back along `fallbackLng` at run time, but the browser
// downloads only the page's own language: the server, which holds every language, would render
// the fallback's string and the browser the key, and the page would not hydrate as rendered.
// So every `site/src/i18n/<lang>/<name>.json` the app imports is given, here, the strings it
// lacks from the same file of its fallback languages (`i18n/fallbacks.json`, in order; the
// language's own strings win). Server and browser then read the same catalogue, and i18next's
// run-time fallback is never needed for the bundled strings.
//
// A plural string (`key_one`, `key_few`...) is completed form by form: each plural category of
// the language (`Intl.PluralRules`) it lacks is taken from the first fallback with that form,
// else with `_other`.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';

type Tree = { [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const FILE = /[\\/]i18n[\\/]([^\\/]+)[\\/]([^\\/]+\.json)$/;

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

export function stringsFallback(i18nDir: string): Plugin {
  const chainsFile = join(i18nDir, 'fallbacks.json');
  return {
    name: 'sahel:strings-fallback',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!;
      const match = FILE.exec(path);
      if (!match || dirname(dirname(path)) !== i18nDir) return null;
      const [, lang = '', name = ''] = match;
      const chains = JSON.parse(readFileSync(chainsFile, 'utf8')) as Record<string, string[]>;
      this.addWatchFile(chainsFile);
      const languages = readdirSync(i18nDir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('_')).map((d) => d.name);
      const fallbacks: Tree[] = [];
      for (const other of chains[lang] ?? []) {
        if (!languages.includes(other)) continue;
        const file = join(i18nDir, other, basename(name));
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
