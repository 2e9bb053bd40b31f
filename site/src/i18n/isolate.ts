// A value put into an interface string sits in a Unicode isolate: FIRST STRONG ISOLATE (U+2068)
// … POP DIRECTIONAL ISOLATE (U+2069), so text of the other direction keeps its own order and
// leaves the sentence's alone. Without it, a search for `+971 4 555 0100` on an Arabic page read
// "لم نجد نتائج عن «0100 555 4 971+»" (in a right-to-left paragraph the bidi algorithm lays the
// digit groups out from right to left), `C++` showed as `++C`, and an Arabic phrase starting
// with a number was split around the number on an English page. FSI takes the value's own
// direction from its first strong letter (left to right when it has none: a phone number, a date).
//
// i18n/index.ts applies it to every string value at interpolation (its formatter), in every
// language, strings a site adds for a language of its own included. Numbers are not isolated
// (they are written in the language's digits and sit well in either direction), nor is a value
// the caller marks `isolate: false`: text that is not laid out on the page (an `aria-label`, a
// `mailto:` subject, a value written into another string, which is isolated there), or that the
// app writes in the page's own language (the printed-on date).
export const FSI = '\u2068';
export const PDI = '\u2069';
/** The isolate initiators: LRI, RLI, FSI. */
const INITIATORS = '\u2066\u2067\u2068';

/**
 * Characters of bidi class B (paragraph separators: LF, CR, the information separators U+001C
 * to U+001E, NEL, U+2029): the bidi algorithm ends every isolate at one, so the rest of the value
 * would no longer be isolated. A value is shown inline, where a line break is a space anyway.
 */
// eslint-disable-next-line no-control-regex
const PARAGRAPH_SEPARATOR = /\r\n|[\n\r\u001c-\u001e\u0085\u2029]/g;

/**
 * `value` in a first-strong isolate, ready to go into a string of either direction; an empty
 * value stays empty. Its own isolates are balanced first: a PDI with no isolate opened before it
 * in the value is dropped (it would close the isolate around the value, letting the rest out),
 * and an isolate the value leaves open is closed at its end (it would take the closing PDI).
 * Embeddings and overrides (U+202A–U+202E) and marks (U+200E, U+200F, U+061C) stay: inside an
 * isolate they cannot reach the text around it (its PDI ends them). A value that is then one
 * isolate from its first character to its last (the build isolates left-to-right runs of Arabic
 * content with LRI … PDI) is kept as it is, not isolated twice.
 *
 * One pass, written small: it is in every page's entry.
 */
export function isolate(value: string): string {
  if (!value) return value;
  let open = 0;
  let out = '';
  let whole = INITIATORS.includes(value[0]!);
  for (const ch of value.replace(PARAGRAPH_SEPARATOR, ' ')) {
    // Something after the value's first isolate has closed: the value is not one isolate.
    if (!open && out) whole = false;
    if (INITIATORS.includes(ch)) open++;
    else if (ch === PDI) {
      if (!open) continue;
      open--;
    }
    out += ch;
  }
  out += PDI.repeat(open);
  return whole ? out : FSI + out + PDI;
}
