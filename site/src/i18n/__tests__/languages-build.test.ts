// @vitest-environment node
// The language table and the strings folders as the build hands them to Vite
// (`SAHEL_LANGUAGES`, `SAHEL_STRINGS_DIRS`): read and checked (vite-plugins/languages.ts), every
// language's strings bundled from its folder (strings-modules.ts) with the strings it lacks from
// its fallback chain (strings-fallback.ts), in a real Vite build.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { THREE_LANGUAGES } from '@/__tests__/languages';
import { APP_FONTS, parseLanguages, readLanguages, readStringsDirs, type AppLanguage } from '../../../vite-plugins/languages';
import { stringsFallback } from '../../../vite-plugins/strings-fallback';
import { stringsModules } from '../../../vite-plugins/strings-modules';

const SITE = join(__dirname, '..', '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'sahel-languages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The shipped table's rows as JSON, with changes. */
const table = (change: (rows: Record<string, unknown>[]) => void = () => {}) => {
  const rows = JSON.parse(readFileSync(join(SITE, 'languages.default.json'), 'utf8')) as Record<string, unknown>[];
  change(rows);
  return JSON.stringify(rows);
};
const FARSI_ROW = { code: 'fa', name: 'فارسی', dir: 'rtl', locale: 'fa-IR', digits: 'arabext', date_format: '{day} {month_name} {year}', months: [], font: 'vazirmatn', card_font: 'vazirmatn', og_locale: 'fa_IR', default: false, x_default: false, fallback: ['ar', 'en'] };

describe('the language table', () => {
  it('is languages.default.json without SAHEL_LANGUAGES, with the fields the app uses', () => {
    const languages = readLanguages(SITE, {});
    expect(languages.map((l) => l.code)).toEqual(['ar', 'en']);
    expect(languages[0]).toEqual({ code: 'ar', name: 'العربية', dir: 'rtl', locale: 'ar-AE', digits: 'latn', font: 'cairo', default: true, fallback: ['en'] });
    // The app's three-language tests extend the shipped table.
    expect(THREE_LANGUAGES.slice(0, 2)).toEqual(languages);
  });

  it('is SAHEL_LANGUAGES when set, in its order', () => {
    const json = table((rows) => rows.unshift(FARSI_ROW));
    expect(readLanguages(SITE, { SAHEL_LANGUAGES: json }).map((l) => [l.code, l.dir, l.font, l.fallback])).toEqual([
      ['fa', 'rtl', 'vazirmatn', ['ar', 'en']],
      ['ar', 'rtl', 'cairo', ['en']],
      ['en', 'ltr', 'poppins', ['ar']],
    ]);
  });

  it.each<[string, (rows: Record<string, unknown>[]) => void, RegExp]>([
    ['two defaults', (rows) => (rows[1]!.default = true), /exactly one language must be the default/],
    ['no default', (rows) => (rows[0]!.default = false), /exactly one language must be the default/],
    ['a code twice', (rows) => (rows[1]!.code = 'ar'), /"ar" is listed twice/],
    ['a fallback the table lacks', (rows) => (rows[0]!.fallback = ['fa']), /fallback "fa" is not another language/],
    ['a direction', (rows) => (rows[0]!.dir = 'auto'), /dir must be "rtl" or "ltr"/],
    ['a font the app has no class for', (rows) => (rows[0]!.font = 'amiri'), /font "amiri" is not one of cairo, poppins, vazirmatn/],
    ['a malformed locale', (rows) => (rows[0]!.locale = 'ar_AE!'), /locale "ar_AE!" is not a BCP 47 locale/],
    ['a code that is no language code', (rows) => (rows[0]!.code = 'AR/x'), /is not a language code/],
  ])('refuses %s', (_, change, message) => {
    expect(() => parseLanguages(table(change), 'SAHEL_LANGUAGES')).toThrow(message);
  });

  it('has a class in styles.css for every font it may name', () => {
    const css = readFileSync(join(SITE, 'src', 'styles.css'), 'utf8');
    for (const font of APP_FONTS) expect(css).toMatch(new RegExp(`^\\.font-${font} \\{ font-family: var\\(--font-${font}\\); \\}$`, 'm'));
  });
});

describe('the strings folders', () => {
  const languages = parseLanguages(table((rows) => rows.push(FARSI_ROW)), 'test');

  it('are src/i18n/<code>/ without SAHEL_STRINGS_DIRS', () => {
    expect(readStringsDirs(SITE, languages, {})).toEqual({ ar: join(SITE, 'src/i18n/ar'), en: join(SITE, 'src/i18n/en'), fa: join(SITE, 'src/i18n/fa') });
  });

  it('are SAHEL_STRINGS_DIRS where it names one', () => {
    const fa = join(tmp, 'dirs', 'fa');
    mkdirSync(fa, { recursive: true });
    expect(readStringsDirs(SITE, languages, { SAHEL_STRINGS_DIRS: JSON.stringify({ fa }) })).toEqual({ ar: join(SITE, 'src/i18n/ar'), en: join(SITE, 'src/i18n/en'), fa });
    expect(() => readStringsDirs(SITE, languages, { SAHEL_STRINGS_DIRS: '["fa"]' })).toThrow(/not an object/);
  });
});

describe('the bundled strings of a site with Farsi, its strings outside site/', () => {
  // Farsi lacks `b` (Arabic has it) and `c` (only English has it), and a plural form.
  const files = {
    ar: { common: { a: 'أ', b: 'ب', n: { x_zero: 'ع0', x_one: 'ع1', x_two: 'ع2', x_few: 'ع3', x_many: 'ع4', x_other: 'ع5' } }, contact: { k: 'ك' } },
    en: { common: { a: 'A', b: 'B', c: 'C', n: { x_one: 'e1', x_other: 'e5' } }, contact: { k: 'K' } },
    fa: { common: { a: 'آ', n: { x_one: 'ف1' } }, contact: {} },
  };
  const languages: AppLanguage[] = parseLanguages(table((rows) => rows.push(FARSI_ROW)), 'test');
  const dirs: Record<string, string> = {};
  for (const [code, byName] of Object.entries(files)) {
    dirs[code] = join(tmp, code === 'fa' ? 'elsewhere/strings' : 'site/src/i18n', code);
    mkdirSync(dirs[code], { recursive: true });
    for (const [name, strings] of Object.entries(byName)) writeFileSync(join(dirs[code], `${name}.json`), JSON.stringify(strings));
  }
  const root = join(tmp, 'site');
  writeFileSync(
    join(root, 'entry.js'),
    "import loaders from 'virtual:sahel/catalogues';\nimport contact from 'virtual:sahel/strings/contact';\nwindow.out = { loaders, contact };\n",
  );

  it('gives every language its own catalogue chunk, completed along its chain, and every screen file', async () => {
    const result = (await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [stringsModules(languages, dirs), stringsFallback(languages, dirs)],
      build: { write: false, manifest: true, minify: false, rollupOptions: { input: join(root, 'entry.js') } },
    })) as Rollup.RolldownOutput;
    const output = result.output;
    const file = (name: string) => output.find((o) => o.fileName === name)!;
    const manifest = JSON.parse(String((file('.vite/manifest.json') as Rollup.OutputAsset).source)) as Record<string, { file: string; dynamicImports?: string[] }>;
    // The entry's dynamic imports, by the files' paths from site/ (Rust finds each language's
    // catalogue chunk by them).
    expect(manifest['entry.js']!.dynamicImports).toEqual(['src/i18n/ar/common.json', 'src/i18n/en/common.json', '../elsewhere/strings/fa/common.json']);
    // A catalogue chunk, loaded as the browser would (it imports nothing).
    const chunk = async (key: string) => {
      const { code } = file(manifest[key]!.file) as Rollup.OutputChunk;
      return ((await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { default: unknown }).default;
    };
    expect(await chunk('../elsewhere/strings/fa/common.json')).toEqual({
      a: 'آ', // its own
      b: 'ب', // Arabic's, the first of its chain
      c: 'C', // English's, the next
      // Farsi's plural categories (one, other): its own `one`, Arabic's `other`.
      n: { x_one: 'ف1', x_other: 'ع5' },
    });
    expect(await chunk('src/i18n/en/common.json')).toEqual(files.en.common);
    const entry = (output.find((o) => o.type === 'chunk' && o.isEntry) as Rollup.OutputChunk).code;
    expect(entry).toContain('"ك"');
    expect(entry).toContain('"K"');
  });
});
