import { describe, expect, it } from 'vitest';
import { applyFix, applyOp, pathOfLine, readDoc } from '../doc';
import { dictionaryKeys, formatNumber, translate } from '../i18n';
import { hrefOf, parseRoute } from '../router';
import { matchesSearch, normalizeForSearch } from '../search';
import { declaredPath, validateDocument } from '../validate';
import { SLUG } from '../views/new-view';

describe('search', () => {
  it('ignores diacritics, tatweel and alef forms', () => {
    expect(normalizeForSearch('الإقـامةُ الذّهبيّة')).toBe(normalizeForSearch('الاقامه الذهبيه'));
    expect(normalizeForSearch('آمنة')).toBe('امنه');
    expect(matchesSearch('مستشفى', ['المستشفي الكبير'])).toBe(true);
    expect(matchesSearch('resume', ['Résumé writing'])).toBe(true);
    expect(matchesSearch('', ['anything'])).toBe(true);
    expect(matchesSearch('x', [null, 'y'])).toBe(false);
  });
});

describe('i18n', () => {
  it('has every string in both languages', () => {
    expect(dictionaryKeys('ar').sort()).toEqual(dictionaryKeys('en').sort());
  });
  it('chooses Arabic plural forms and formats numbers per language', () => {
    expect(translate('ar', 'home.entries', { count: 1 })).toBe('عنصر واحد');
    expect(translate('ar', 'home.entries', { count: 2 })).toBe('عنصران');
    expect(translate('ar', 'home.entries', { count: 3 })).toBe('3 عناصر');
    expect(translate('ar', 'home.entries', { count: 11 })).toBe('11 عنصرًا');
    expect(translate('ar', 'home.entries', { count: 100 })).toBe('100 عنصر');
    expect(translate('en', 'home.entries', { count: 1 })).toBe('1 entry');
    expect(translate('en', 'home.entries', { count: 1200 })).toBe('1,200 entries');
    expect(formatNumber('ar', 1200)).toMatch(/^1.200$/);
  });
});

describe('router', () => {
  it('parses and writes the hash routes', () => {
    expect(parseRoute('#/')).toEqual({ view: 'home' });
    expect(parseRoute('#/entry/posts/golden-visa')).toEqual({ view: 'entry', collection: 'posts', id: 'golden-visa' });
    expect(parseRoute('#/new/services')).toEqual({ view: 'new', collection: 'services' });
    expect(parseRoute('#/changes')).toEqual({ view: 'changes' });
    expect(hrefOf({ view: 'entry', collection: 'strings', id: 'ar/common' })).toBe('#/entry/strings/ar/common');
    expect(parseRoute('#/entry/strings/ar/common')).toEqual({ view: 'entry', collection: 'strings', id: 'ar/common' });
  });
});

describe('slugs', () => {
  it('takes lowercase ascii words joined by hyphens', () => {
    for (const ok of ['a', 'golden-visa-2026', 'x1']) expect(SLUG.test(ok)).toBe(true);
    for (const bad of ['', 'Golden', 'a--b', '-a', 'a-', 'إقامة', 'a_b', 'a b']) expect(SLUG.test(bad)).toBe(false);
  });
});

describe('documents', () => {
  const FAQ = '- id: one\n  question: "Q1"\n  answer: "A1"\n- id: two\n  question: ""\n  answer: "A2"\n';
  const fields = { id: { type: 'text' as const, required: true }, question: { type: 'text' as const, required: true, min: 1 }, answer: { type: 'text' as const } };

  it('reads and validates a list file, mapping lines to items', () => {
    const doc = readDoc(FAQ, 'list');
    const issues = validateDocument(fields, doc.values, true, {});
    expect([...issues.keys()]).toEqual(['1.question']);
    expect(declaredPath(fields, true, pathOfLine(FAQ, 'list', 5, null) ?? [])).toEqual([1, 'question']);
  });

  it('edits a list file in place', () => {
    const moved = applyOp(FAQ, 'list', { op: 'move', path: [], from: 1, to: 0 });
    expect(moved.startsWith('- id: two\n')).toBe(true);
    const added = applyOp(FAQ, 'list', { op: 'insert', path: [], index: 2, value: { id: 'three', question: '', answer: '' } });
    expect(readDoc(added, 'list').values).toHaveLength(3);
    expect(added.startsWith(FAQ)).toBe(true);
  });

  it('maps a Markdown body line to the body field and applies a lint fix in characters', () => {
    const md = '---\ntitle: "ع"\n---\n\nسطر ١٢٣\n';
    expect(pathOfLine(md, 'markdown', 5, 'body')).toEqual(['body']);
    expect(pathOfLine(md, 'markdown', 2, 'body')).toEqual(['title']);
    const at = [...md].indexOf('١');
    expect(applyFix(md, { from: at, to: at + 3, insert: '123' })).toBe('---\ntitle: "ع"\n---\n\nسطر 123\n');
  });
});
