// Writes site/src/font-fallbacks.css: for each page font (Cairo, Poppins, Vazirmatn) and weight,
// @font-face rules of local fonts that phones and computers already have, scaled and with their
// vertical metrics overridden (`size-adjust`, `ascent-override`, `descent-override`,
// `line-gap-override`) so that text set in them takes the room the web font will take: the
// page paints at once in the fallback, and the swap to the web font moves nothing (issue 52).
//
// Measured, not guessed: each font is read with fontkit, and the width of a sample of the site's
// own text (shaped, so Arabic is measured joined, as it shows) gives `size-adjust`; the web font's
// ascent, descent and line gap (its typographic metrics when it asks for them, as Cairo does,
// else hhea's) give the overrides, divided by `size-adjust`, which the browser applies to them too.
// The fallbacks are the fonts the measurement can read here and that visitors have:
//  - Arabic (Cairo, Vazirmatn): Noto Naskh Arabic (Android's Arabic font) and Noto Sans Arabic
//    (Debian's fonts-noto-core, Chrome OS), each a family of its own because each needs its own
//    figures;
//  - Latin (Poppins): Arial (Windows, macOS, iOS), measured as Liberation Sans, which is drawn to
//    Arial's widths and metrics (Debian's fonts-liberation), and named as both.
// Usage: node scripts/font-fallbacks.mjs          (writes the file)
//        node scripts/font-fallbacks.mjs --check  (exits 1 when the file is not what it writes)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'site/src/font-fallbacks.css');
const fontsource = (family, subset, weight) =>
  join(root, `node_modules/@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff2`);
const SYSTEM = '/usr/share/fonts/truetype';

// Samples of the site's text, as a visitor reads it (fixed here, so the figures change only when
// a font does): a heading and a paragraph of the home page in each script.
const ARABIC = 'معاملاتك الحكومية في الإمارات ننجزها عنك. في نهج لخدمات الأعمال نتولى معاملات الشركات والأفراد لدى الجهات الحكومية، من تأسيس الشركات والإقامات إلى تصاريح العمل والضرائب، بمدد إنجاز واضحة وفريق في خدمتك يومياً صباحاً ومساءً.';
const LATIN = 'Your government transactions in the UAE, done for you. Nahj Business Services handles company formation, residence visas, work permits, Emirates ID and tax registration, with clear timelines and a team at your service every day from 9 am to 8 pm.';

const FALLBACKS = {
  arabic: [
    { name: 'Naskh', local: ['Noto Naskh Arabic', 'NotoNaskhArabic-Regular'], bold: ['Noto Naskh Arabic Bold', 'NotoNaskhArabic-Bold'],
      files: { 400: `${SYSTEM}/noto/NotoNaskhArabic-Regular.ttf`, 700: `${SYSTEM}/noto/NotoNaskhArabic-Bold.ttf` } },
    { name: 'Sans', local: ['Noto Sans Arabic', 'NotoSansArabic-Regular'], bold: ['Noto Sans Arabic Bold', 'NotoSansArabic-Bold'],
      files: { 400: `${SYSTEM}/noto/NotoSansArabic-Regular.ttf`, 700: `${SYSTEM}/noto/NotoSansArabic-Bold.ttf` } },
  ],
  latin: [
    { name: 'Arial', local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'], bold: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
      files: { 400: `${SYSTEM}/liberation/LiberationSans-Regular.ttf`, 700: `${SYSTEM}/liberation/LiberationSans-Bold.ttf` } },
  ],
};
const FAMILIES = [
  { css: 'Cairo', key: 'cairo', subset: 'arabic', sample: ARABIC },
  { css: 'Vazirmatn', key: 'vazirmatn', subset: 'arabic', sample: ARABIC },
  { css: 'Poppins', key: 'poppins', subset: 'latin', sample: LATIN },
];

/** Ascent, descent and line gap in em, as a browser reads them. */
const metrics = (font) => {
  const os2 = font['OS/2'];
  const typo = os2?.fsSelection?.useTypoMetrics;
  const upm = font.unitsPerEm;
  return typo
    ? { ascent: os2.typoAscender / upm, descent: -os2.typoDescender / upm, lineGap: os2.typoLineGap / upm }
    : { ascent: font.ascent / upm, descent: -font.descent / upm, lineGap: font.lineGap / upm };
};
/** The unicode-range of the web font's subset, as @fontsource declares it: the fallback stands in
 * for those characters only (an Arabic word on an English page goes on to Cairo, not to Arial). */
const unicodeRange = (key, subset, weight) => {
  const css = readFileSync(join(root, `node_modules/@fontsource/${key}/${weight}.css`), 'utf8');
  const block = css.split('@font-face').find((b) => b.includes(`-${subset}-${weight}-normal.woff2`));
  const range = block?.match(/unicode-range:\s*([^;]+);/)?.[1];
  if (!range) throw new Error(`no unicode-range for ${key} ${subset} ${weight}`);
  return range.trim();
};
const width = (font, text) => font.layout(text).advanceWidth / font.unitsPerEm;
const pct = (x) => `${(x * 100).toFixed(2)}%`;

const rules = [];
const stacks = [];
for (const family of FAMILIES) {
  const names = [];
  for (const fallback of FALLBACKS[family.subset]) {
    const name = `${family.css} Fallback ${fallback.name}`;
    names.push(`"${name}"`);
    for (const weight of [400, 700]) {
      const web = fontkit.openSync(fontsource(family.key, family.subset, weight));
      if (!existsSync(fallback.files[weight])) {
        console.error(`${fallback.files[weight]} is missing: install Debian's fonts-noto-core and fonts-liberation`);
        process.exit(2);
      }
      const local = fontkit.openSync(fallback.files[weight]);
      // For Poppins, the Latin subset is the web font; Cairo's Latin letters come from its own
      // Latin subset, so an Arabic sample is measured with Arabic letters only.
      const sizeAdjust = width(web, family.sample) / width(local, family.sample);
      const m = metrics(web);
      const src = (weight === 700 ? fallback.bold : fallback.local).map((n) => `local("${n}")`).join(', ');
      rules.push(`@font-face {
  font-family: "${name}";
  font-style: normal;
  font-weight: ${weight};
  src: ${src};
  unicode-range: ${unicodeRange(family.key, family.subset, weight)};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(m.ascent / sizeAdjust)};
  descent-override: ${pct(m.descent / sizeAdjust)};
  line-gap-override: ${pct(m.lineGap / sizeAdjust)};
}`);
    }
  }
  stacks.push(`/* ${family.css}: ${names.join(', ')} */`);
}
const css = `/*
 * Generated by scripts/font-fallbacks.mjs (node scripts/font-fallbacks.mjs): do not edit.
 * Local fonts scaled to take the room of the page fonts, so text paints at once and the swap to
 * the web font moves nothing. The stacks in styles.css name them after each web font.
${stacks.map((s) => ` * ${s.slice(3, -3)}`).join('\n')}
 */
${rules.join('\n')}
`;
if (process.argv.includes('--check')) {
  const current = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (current !== css) {
    console.error(`${out} is not what scripts/font-fallbacks.mjs writes: run node scripts/font-fallbacks.mjs`);
    process.exit(1);
  }
  console.log('font fallbacks: up to date');
} else {
  writeFileSync(out, css);
  console.log(`wrote ${out}`);
}
