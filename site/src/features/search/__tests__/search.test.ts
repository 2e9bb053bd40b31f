// @vitest-environment node
// The site search's ranking over the real content index (tests/contracts/assistant-index.<lang>.json,
// byte for byte what the build writes to dist/<lang>/assistant-index.json).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type AssistantIndex } from '@/shared/site-index/answerer';
import { tokenize } from '@/shared/site-index/normalize';
import ar from '../../../../../tests/contracts/assistant-index.ar.json';
import en from '../../../../../tests/contracts/assistant-index.en.json';
import { MAX_RESULTS, searchSite, snippet, type SearchGroup } from '../search';
import '@/shared/site-index/arabizi'; // Arabizi's reading, a chunk the app loads beside the index

const EN = buildSearchIndex(en as AssistantIndex);
const AR = buildSearchIndex(ar as AssistantIndex);

const flat = (groups: SearchGroup[]) => groups.flatMap((g) => g.results);
const urls = (groups: SearchGroup[]) => flat(groups).map((r) => r.url);
const marked = (groups: SearchGroup[]) =>
  flat(groups).flatMap((r) => r.snippet.filter((s) => s.mark).map((s) => s.text));
const text = (segments: { text: string }[]) => segments.map((s) => s.text).join('');

describe('the site search', () => {
  it('finds the FAQ answer first for a question the FAQ answers, in its group', () => {
    const groups = searchSite(EN, 'working hours');
    expect(flat(groups)[0]).toMatchObject({ id: 'faq:working-hours', group: 'faq', title: 'What are your working hours?' });
    expect(groups[0]!.kind).toBe('faq');
  });

  it('finds the golden visa post and the residency service in Arabic, however the words are spelt', () => {
    const spellings = ['الإقامة الذهبية', 'الاقامه الذهبيه', 'الإقامةُ الذَّهبيّة', 'الاقامة الذهبيه'];
    const first = urls(searchSite(AR, spellings[0]!));
    expect(first.some((u) => u.startsWith('/ar/blog/'))).toBe(true);
    for (const q of spellings) expect(urls(searchSite(AR, q)), q).toEqual(first);
  });

  it('folds «ى» and «ي», and reads Arabic-Indic digits as digits', () => {
    expect(urls(searchSite(AR, 'تأشيرة مستوي')).length).toBeGreaterThan(0);
    expect(urls(searchSite(AR, 'تأشيره مستوى'))).toEqual(urls(searchSite(AR, 'تأشيرة مستوي')));
    expect(urls(searchSite(AR, '10 سنوات')).length).toBeGreaterThan(0);
    expect(urls(searchSite(AR, '١٠ سنوات'))).toEqual(urls(searchSite(AR, '10 سنوات')));
  });

  it('groups results by kind, each page once, at most the limit', () => {
    for (const [index, q] of [
      [EN, 'visa'],
      [AR, 'تأشيرة'],
      [EN, 'company licence renewal documents'],
    ] as const) {
      const groups = searchSite(index, q);
      const results = flat(groups);
      expect(results.length, q).toBeGreaterThan(3);
      expect(results.length, q).toBeLessThanOrEqual(MAX_RESULTS);
      expect(new Set(groups.map((g) => g.kind)).size, q).toBe(groups.length);
      for (const g of groups) for (const r of g.results) expect(r.group).toBe(g.kind);
      const pages = results.filter((r) => r.group !== 'faq' && !r.id.startsWith('plan:')).map((r) => r.url.split('#')[0]);
      expect(new Set(pages).size, q).toBe(pages.length);
    }
  });

  it('marks the query words in the snippets, in their written form', () => {
    const words = marked(searchSite(EN, 'golden visa')).map((w) => w.toLowerCase());
    expect(words).toContain('golden');
    expect(words.some((w) => w.startsWith('visa'))).toBe(true);
    // «تأشيرات» and «والتأشيرة» are marked for «تأشيرة»: the stem, with or without و.
    const arabic = marked(searchSite(AR, 'تأشيرة'));
    expect(arabic.length).toBeGreaterThan(0);
    for (const w of arabic) expect(w).toMatch(/تأشير|تاشير|تأشيرات|إقام|اقام|فيز/);
  });

  it('understands Arabizi and dialect as the assistant does', () => {
    expect(urls(searchSite(AR, 'tajdeed el e2ama')).length).toBeGreaterThan(0);
    expect(urls(searchSite(AR, 'متى تقفلون')).slice(0, 3)).toContain('/ar/faq/#working-hours');
  });

  it('shows nothing for an empty, one-letter or unknown query', () => {
    expect(searchSite(EN, '')).toEqual([]);
    expect(searchSite(EN, '  a ')).toEqual([]);
    expect(searchSite(AR, 'ب')).toEqual([]);
    expect(searchSite(EN, 'zzzzqqq')).toEqual([]);
  });

  it('never throws, and its snippets are the passage text, on any input', () => {
    const texts = {
      en: new Map(en.passages.map((p) => [p.id, p.text])),
      ar: new Map(ar.passages.map((p) => [p.id, p.text])),
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.constantFrom('الإقامة\u2028الذهبية', 'visa\u202Egolden', '🇦🇪 visa 🙂', 'ت'.repeat(2000), 'تأشيرة '.repeat(300)),
        ),
        fc.constantFrom('en' as const, 'ar' as const),
        (q, lang) => {
          const results = flat(searchSite(lang === 'en' ? EN : AR, q));
          expect(results.length).toBeLessThanOrEqual(MAX_RESULTS);
          for (const r of results) {
            const shown = text(r.snippet).replace(/^… /, '').replace(/ …$/, '');
            expect(texts[lang].get(r.id)).toContain(shown);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a snippet', () => {
  const long = `${'word '.repeat(60)}Emirates ID renewal takes five working days. ${'more '.repeat(60)}`.trim();

  it('is cut around the first marked word, at word edges, with ellipses where it was cut', () => {
    const segments = snippet(long, new Set(tokenize('renewal')));
    const shown = text(segments);
    expect(shown.startsWith('… word')).toBe(true);
    expect(shown.endsWith(' …')).toBe(true);
    expect(shown).toContain('Emirates ID renewal takes five working days.');
    expect(shown.length).toBeLessThan(190);
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['renewal']);
  });

  it('keeps a short text whole, and marks nothing when nothing matches', () => {
    const segments = snippet('Open every day.', new Set(['visa']));
    expect(segments).toEqual([{ text: 'Open every day.', mark: false }]);
  });

  it('keeps a word longer than a snippet whole, and never cuts an emoji in two', () => {
    const long = 'ب'.repeat(200);
    expect(text(snippet(`${long} ${'نص '.repeat(40)}`, new Set()))).toBe(`${long} …`);
    const emoji = text(snippet(`x${'🙂'.repeat(100)} visa ${'y '.repeat(60)}`, new Set(['visa'])));
    expect(emoji).toContain('visa');
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
