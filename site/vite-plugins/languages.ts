// The site's language table and its strings folders, as the Rust build hands them to Vite
// (issue 34, "Languages are data").
//
// - `SAHEL_LANGUAGES`: the table, a JSON array in order (`site/languages.default.json`'s schema:
//   `code`, `name`, `dir`, `locale`, `digits`, `font`, `default`, `fallback`, and the fields only
//   Rust reads). Absent (Vitest, a plain `vite build`): `site/languages.default.json`.
// - `SAHEL_STRINGS_DIRS`: a JSON object, language code → absolute path of its strings folder
//   (`common.json`, `contact.json`, ... as in `site/src/i18n/en/`). Absent, or without a
//   language: `site/src/i18n/<code>/`.
//
// The bundles depend on nothing else of the environment, so the Rust build's stamp of both
// variables (and of the folders' files) says when they must be built again.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The fonts `site/src/styles.css` has a class for (`.font-<key>`). */
export const APP_FONTS = ['cairo', 'poppins', 'vazirmatn'] as const;

/** One row of the table as the app reads it (`site/src/shared/languages.ts`). */
export interface AppLanguage {
  code: string;
  name: string;
  dir: 'rtl' | 'ltr';
  locale: string;
  digits: string;
  font: string;
  default: boolean;
  fallback: string[];
}

const fail = (message: string): never => {
  throw new Error(`language table: ${message}`);
};

/** `locale` as `Intl` writes it (a malformed one fails the build, not a visitor's page). */
function canonical(code: string, locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? fail(`${code}: locale "${locale}" is empty`);
  } catch {
    return fail(`${code}: locale "${locale}" is not a BCP 47 locale`);
  }
}

const CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** The table's rows, checked, with the fields the app uses (the Rust-only ones left out). */
export function parseLanguages(json: string, source: string): AppLanguage[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return fail(`${source} is not JSON (${String(error)})`);
  }
  if (!Array.isArray(value) || value.length === 0) return fail(`${source} is not a non-empty array`);
  const rows = value.map((row: unknown, i): AppLanguage => {
    if (typeof row !== 'object' || row === null) return fail(`${source}[${i}] is not an object`);
    const r = row as Record<string, unknown>;
    const text = (key: string) => (typeof r[key] === 'string' && r[key] !== '' ? (r[key] as string) : fail(`${source}[${i}].${key} must be a string`));
    const code = text('code');
    if (!CODE.test(code)) fail(`${source}[${i}].code "${code}" is not a language code`);
    const dir = text('dir');
    if (dir !== 'rtl' && dir !== 'ltr') fail(`${code}: dir must be "rtl" or "ltr", not "${dir}"`);
    const font = text('font');
    if (!(APP_FONTS as readonly string[]).includes(font)) fail(`${code}: font "${font}" is not one of ${APP_FONTS.join(', ')}`);
    const fallback = r.fallback ?? [];
    if (!Array.isArray(fallback) || fallback.some((c) => typeof c !== 'string')) fail(`${code}: fallback must be an array of codes`);
    return {
      code,
      name: text('name'),
      dir: dir as AppLanguage['dir'],
      locale: canonical(code, text('locale')),
      digits: /^[a-z0-9]{3,8}$/.test(text('digits')) ? text('digits') : fail(`${code}: digits "${text('digits')}" is not a numbering system (latn, arab, arabext...)`),
      font,
      default: r.default === true,
      fallback: fallback as string[],
    };
  });
  const codes = rows.map((l) => l.code);
  const twice = codes.find((c, i) => codes.indexOf(c) !== i);
  if (twice) fail(`${source}: "${twice}" is listed twice`);
  if (rows.filter((l) => l.default).length !== 1) fail(`${source}: exactly one language must be the default`);
  for (const l of rows) {
    const unknown = l.fallback.find((c) => !codes.includes(c) || c === l.code);
    if (unknown) fail(`${l.code}: its fallback "${unknown}" is not another language of the table`);
  }
  return rows;
}

/** The table: `SAHEL_LANGUAGES`, else `site/languages.default.json`. */
export function readLanguages(siteDir: string, env: NodeJS.ProcessEnv = process.env): AppLanguage[] {
  const fromEnv = env.SAHEL_LANGUAGES;
  if (fromEnv !== undefined && fromEnv !== '') return parseLanguages(fromEnv, 'SAHEL_LANGUAGES');
  const file = join(siteDir, 'languages.default.json');
  return parseLanguages(readFileSync(file, 'utf8'), file);
}

/** Each language's strings folder (absolute): `SAHEL_STRINGS_DIRS`, else `site/src/i18n/<code>/`. */
export function readStringsDirs(siteDir: string, languages: readonly AppLanguage[], env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  let given: Record<string, unknown> = {};
  const fromEnv = env.SAHEL_STRINGS_DIRS;
  if (fromEnv !== undefined && fromEnv !== '') {
    let value: unknown;
    try {
      value = JSON.parse(fromEnv);
    } catch (error) {
      return fail(`SAHEL_STRINGS_DIRS is not JSON (${String(error)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('SAHEL_STRINGS_DIRS is not an object of code → folder');
    given = value as Record<string, unknown>;
  }
  const dirs: Record<string, string> = {};
  for (const { code } of languages) {
    const dir = given[code];
    if (dir !== undefined && typeof dir !== 'string') fail(`SAHEL_STRINGS_DIRS.${code} is not a path`);
    const path = typeof dir === 'string' ? resolve(dir) : join(siteDir, 'src', 'i18n', code);
    // As Vite names the files it loads (symbolic links resolved), so the fallback transform
    // recognises them.
    dirs[code] = existsSync(path) ? realpathSync(path) : path;
  }
  return dirs;
}
