// @vitest-environment node
// Left-to-right runs inside Arabic interface strings. A phone number is several runs of digits
// separated by spaces; in a right-to-left paragraph the Unicode bidi algorithm lays those runs out
// from right to left, so "050 123 4567" shows as "4567 123 050". Wrapped in a left-to-right
// isolate (U+2066 LRI ... U+2069 PDI) the number keeps its order. The contact form's example is
// checked in features/contact/__tests__/strings.test.ts, and tests/e2e/contact.spec.ts checks the
// order as Chromium draws it.
import { describe, expect, it } from 'vitest';
import arAssistant from '@/i18n/ar/assistant.json';
import arCommon from '@/i18n/ar/common.json';
import arContact from '@/i18n/ar/contact.json';
import arFaq from '@/i18n/ar/faq.json';
import arHandoff from '@/i18n/ar/handoff.json';
import arService from '@/i18n/ar/service.json';

const LRI = '\u2066';
const PDI = '\u2069';

/** Every string of a catalogue, with its dot path. */
function strings(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

const ARABIC = [arCommon, arContact, arAssistant, arService, arFaq, arHandoff].flatMap((catalogue) => strings(catalogue));

/** Runs of digits separated by spaces (a phone number), with an optional leading +. */
const SPACED_NUMBER = /\+?\d+(?: \d+)+/g;

/** The texts between each LRI and its PDI; throws on an unbalanced or nested isolate. */
function isolated(text: string): string[] {
  const runs: string[] = [];
  let start = -1;
  for (const [i, ch] of [...text].entries()) {
    if (ch === LRI) {
      if (start >= 0) throw new Error(`nested LRI at ${i} in ${JSON.stringify(text)}`);
      start = i + 1;
    } else if (ch === PDI) {
      if (start < 0) throw new Error(`PDI without LRI at ${i} in ${JSON.stringify(text)}`);
      runs.push([...text].slice(start, i).join(''));
      start = -1;
    }
  }
  if (start >= 0) throw new Error(`LRI without PDI in ${JSON.stringify(text)}`);
  return runs;
}

describe('left-to-right runs in the Arabic interface strings', () => {
  it('wrap every spaced number (a phone number) in an isolate, balanced', () => {
    for (const [key, text] of ARABIC) {
      const runs = isolated(text);
      for (const match of text.matchAll(SPACED_NUMBER)) {
        expect(runs, `${key}: ${match[0]}`).toContain(match[0]);
      }
    }
  });

  it('finds what it looks for (the checks above are not vacuous)', () => {
    expect(() => isolated(`a ${LRI}1 2`)).toThrow(/LRI without PDI/);
    expect(() => isolated(`a 1 2${PDI}`)).toThrow(/PDI without LRI/);
    expect([...'مثل 050 123 4567.'.matchAll(SPACED_NUMBER)].map((m) => m[0])).toEqual(['050 123 4567']);
    expect(isolated(`مثل ${LRI}050 123 4567${PDI}.`)).toEqual(['050 123 4567']);
  });
});
