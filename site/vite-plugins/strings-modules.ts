// The interface strings of every language of the table, as modules the app imports (issue 34):
// each language's strings folder may be anywhere (`SAHEL_STRINGS_DIRS`, see `languages.ts`), so
// the app names a strings file, not a path, and this plugin writes the imports.
//
// - `virtual:sahel/strings/<name>` (`contact`, `assistant`, `service`, `faq`, `handoff`, and
//   `common` for the server bundle and the tests): `export default { <code>: <strings>, ... }`,
//   every language's `<name>.json`, statically (a screen's chunk carries its strings in every
//   language, as it did with two).
// - `virtual:sahel/catalogues`: `export default { <code>: () => import(<code's common.json>) }`,
//   so each language's catalogue stays a chunk of its own that a page loads (and preloads) alone.
//   Its key in Vite's manifest is the file's path relative to `site/` (`src/i18n/ar/common.json`
//   for the shipped languages), as a dynamic import of the client entry.
//
// The files themselves go through `strings-fallback.ts` (the same ids), so they carry their
// fallbacks' strings.
import { join } from 'node:path';
import { normalizePath, type Plugin } from 'vite';
import type { AppLanguage } from './languages.ts';

const STRINGS = 'virtual:sahel/strings/';
const CATALOGUES = 'virtual:sahel/catalogues';
const NAME = /^[a-z][a-z0-9-]*$/;

export function stringsModules(languages: readonly AppLanguage[], dirs: Readonly<Record<string, string>>): Plugin {
  const file = (code: string, name: string) => JSON.stringify(normalizePath(join(dirs[code]!, `${name}.json`)));
  return {
    name: 'sahel:strings-modules',
    enforce: 'pre',
    resolveId(id) {
      if (id === CATALOGUES || (id.startsWith(STRINGS) && NAME.test(id.slice(STRINGS.length)))) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${CATALOGUES}`) {
        const entries = languages.map(({ code }) => `  ${JSON.stringify(code)}: () => import(${file(code, 'common')}),`);
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${STRINGS}`)) return null;
      const name = id.slice(STRINGS.length + 1);
      const imports = languages.map(({ code }, i) => `import s${i} from ${file(code, name)};`);
      const entries = languages.map(({ code }, i) => `  ${JSON.stringify(code)}: s${i},`);
      return `${imports.join('\n')}\nexport default {\n${entries.join('\n')}\n};\n`;
    },
  };
}
