// yaml-edit.ts: every edit leaves the bytes it did not change as they were, on every shipped
// content file and on generated values (Arabic, bidi controls, U+2028, emoji, quotes, `: `, `#`...).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import {
  deleteKey, fileLineOfPath, insertListItem, joinFrontMatter, lineOfPath, moveListItem, pathAtFileLine,
  pathAtLine, readValues, removeListItem, setBody, setFrontMatterValue, setValue, splitFrontMatter,
  type Path,
} from '../yaml-edit.ts';

const CONTENT = fileURLToPath(new URL('../../../content/', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.(ya?ml|md)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}
const FILES = ['ar', 'en'].flatMap((l) => walk(join(CONTENT, l))).map((f) => relative(CONTENT, f)).sort();
const read = (rel: string) => readFileSync(join(CONTENT, rel), 'utf8');
/** The YAML of a content file: the file, or a Markdown file's front matter. */
const yamlOf = (rel: string) => {
  const text = read(rel);
  return rel.endsWith('.md') ? (splitFrontMatter(text)?.frontMatter ?? '') : text;
};

interface Leaf {
  path: Path;
  value: unknown;
  /** The value node's offsets in the text. */
  range: [number, number];
}
function leaves(yaml: string): Leaf[] {
  const out: Leaf[] = [];
  const visit = (node: unknown, path: Path) => {
    if (isMap(node)) for (const pair of node.items) visit(pair.value, [...path, String(isScalar(pair.key) ? pair.key.value : pair.key)]);
    else if (isSeq(node)) node.items.forEach((n, i) => visit(n, [...path, i]));
    else if (isScalar(node) && node.range) out.push({ path, value: node.value, range: [node.range[0], node.range[1]] });
  };
  visit(parseDocument(yaml, { schema: 'core' }).contents, []);
  return out;
}

/** `values` with the value at `path` replaced (a copy). */
function withValue(values: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(values) as Record<string | number, unknown>;
  let cur = copy;
  path.slice(0, -1).forEach((s) => {
    cur[s] ??= {};
    cur = cur[s] as Record<string | number, unknown>;
  });
  cur[path.at(-1) ?? ''] = value;
  return copy;
}
const getIn = (v: unknown, path: Path): unknown =>
  path.reduce<unknown>((cur, s) => (cur as Record<string | number, unknown> | null)?.[s], v);

/** `out` keeps `text` outside [from, to): same bytes before, same bytes after. */
function expectOnlyChanged(text: string, out: string, from: number, to: number) {
  expect(out.slice(0, from)).toBe(text.slice(0, from));
  expect(out.slice(out.length - (text.length - to))).toBe(text.slice(to));
}
/** `longer` is `shorter` with one run of text inserted (or `shorter` is `longer` with one removed). */
function expectOneSplice(shorter: string, longer: string) {
  let pre = 0;
  while (pre < shorter.length && shorter[pre] === longer[pre]) pre++;
  let suf = 0;
  while (suf < shorter.length - pre && shorter[shorter.length - 1 - suf] === longer[longer.length - 1 - suf]) suf++;
  expect(pre + suf).toBe(shorter.length);
}
/** The text of each item of the list at `path`. */
function itemTexts(yaml: string, path: Path): string[] {
  const node = parseDocument(yaml).getIn(path, true);
  if (!isSeq(node)) throw new Error('not a list');
  return node.items.map((n) => {
    const r = (n as { range?: [number, number, number] }).range;
    return r ? yaml.slice(r[0], r[1]) : '';
  });
}

describe('every shipped content file', () => {
  it('is found', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(40);
    expect(FILES).toContain('ar/faq.yaml');
    expect(FILES.filter((f) => f.endsWith('.md')).length).toBeGreaterThanOrEqual(10);
  });

  describe.each(FILES)('%s', (rel) => {
    const text = read(rel);
    const yaml = yamlOf(rel);
    const values = readValues(yaml);
    const all = leaves(yaml);

    it('splits and joins byte for byte (Markdown)', () => {
      if (!rel.endsWith('.md')) return;
      const split = splitFrontMatter(text);
      expect(split).not.toBeNull();
      if (!split) return;
      expect(joinFrontMatter(text, split.frontMatter, split.body)).toBe(text);
      expect(text.slice(split.bodyOffset)).toBe(split.body);
      expect(setBody(text, split.body)).toBe(text);
    });

    it('is unchanged when each value is set to itself', () => {
      expect(all.length).toBeGreaterThan(0);
      for (const leaf of all) expect(setValue(yaml, leaf.path, leaf.value as string)).toBe(yaml);
      for (const [key, v] of Object.entries(values as object))
        if (Array.isArray(v) && v.every((x) => typeof x === 'string')) expect(setValue(yaml, [key], v)).toBe(yaml);
      if (rel.endsWith('.md')) for (const leaf of all) expect(setFrontMatterValue(text, leaf.path, leaf.value as string)).toBe(text);
    });

    it('changes only the scalar that is set, in its own style', () => {
      for (const leaf of all.filter((l) => typeof l.value === 'string')) {
        const next = `${String(leaf.value)} X`;
        const out = setValue(yaml, leaf.path, next);
        expectOnlyChanged(yaml, out, leaf.range[0], leaf.range[1]);
        expect(out[leaf.range[0]]).toBe(yaml[leaf.range[0]]); // the same quote, or none
        expect(readValues(out)).toEqual(withValue(values, leaf.path, next));
      }
    });

    it('maps each value’s line to its path and back', () => {
      for (const leaf of all) {
        const line = lineOfPath(yaml, leaf.path);
        expect(line).not.toBeNull();
        const back = pathAtLine(yaml, line ?? 0) ?? [];
        // A value alone on its line comes back whole; values sharing a line (`{ min: 2, max: 10 }`) give their collection.
        expect(leaf.path.slice(0, back.length)).toEqual(back);
        expect(back.length).toBeGreaterThanOrEqual(leaf.path.length - 1);
      }
    });
  });
});

// A document with every style of scalar, comments and blank lines.
const FIXTURE = `# A fixture
plain: word here # comment
single: 'it''s'
double: "dq\\tvalue"
literal: |
  line one
  line two

folded: >-
  folded text
  continues
empty:
nested:
  # inner comment
  deep: value

  other: "x"
list:
  - item one
  # about two
  - 'item two'
  - "item three"
flow: [a, "b", c]
flowmap: { k: v, n: 1 }
items:
  - id: one
    text: "Hello"
  - id: two
    text: |
      Block in list
`;

const PIECES = [
  'a', 'Z', ' ', '  ', 'مرحبا', 'نهج لخدمات الأعمال', '\u200f', '\u200e', '\u2066', '\u2067', '\u2068', '\u2069',
  '\u2028', '\u2029', '😀', '👨‍👩‍👧', "'", '"', "''", ': ', ':', '#', ' #', '- ', '-', '? ', '[', ']', '{', '}', ',',
  '&a', '*a', '!', '|', '>', '%', '@', '`', '\\', '\\n', '\n', '\n\n', '\t', '\r\n', '\0', '\x07', '\x7f', '\x85',
  '\u00a0', '\ufeff', 'x'.repeat(500), '---', '...', 'true', 'null', '~', '12', '0x1F', '.inf', 'yes', 'No',
  '2026-01-15', '+971 4 555 0100',
];
const anyText = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((a) => a.join('')),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe('generated values', () => {
  const fixtureLeaves = leaves(FIXTURE);
  const fixtureValues = readValues(FIXTURE);

  it('round-trip at every scalar of the fixture, the rest unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtureLeaves), anyText, (leaf, s) => {
        const out = setValue(FIXTURE, leaf.path, s);
        expect(getIn(readValues(out), leaf.path)).toBe(s);
        expect(readValues(out)).toEqual(withValue(fixtureValues, leaf.path, s));
        expectOnlyChanged(FIXTURE, out, leaf.range[0], leaf.range[1]);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('round-trip at the scalars of the shipped files, the rest unchanged', () => {
    const files = FILES.map((rel) => ({ yaml: yamlOf(rel), leaves: leaves(yamlOf(rel)) }));
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.nat(), anyText, (file, n, s) => {
        const leaf = file.leaves[n % file.leaves.length];
        if (!leaf) return;
        const out = setValue(file.yaml, leaf.path, s);
        expect(readValues(out)).toEqual(withValue(readValues(file.yaml), leaf.path, s));
        expectOnlyChanged(file.yaml, out, leaf.range[0], leaf.range[1]);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('round-trip in a new key, the rest unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom<Path>(['added'], ['nested', 'added'], ['items', 1, 'added'], ['flowmap', 'added']), anyText, (path, s) => {
        const out = setValue(FIXTURE, path, s);
        expect(readValues(out)).toEqual(withValue(fixtureValues, path, s));
        expectOneSplice(FIXTURE, out);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('round-trip in a new list item, the rest unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom<Path>(['list'], ['flow']), fc.nat(3), anyText, (path, i, s) => {
        const out = insertListItem(FIXTURE, path, i, s);
        expect(getIn(readValues(out), [...path, i])).toBe(s);
        expectOneSplice(FIXTURE, out);
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});

describe('setValue', () => {
  it('keeps comments, blank lines and key order around the edited key', () => {
    const out = setValue(FIXTURE, ['nested', 'deep'], 'new value');
    expect(out).toBe(FIXTURE.replace('  deep: value\n', '  deep: new value\n'));
    expect(out).toContain('# A fixture\n');
    expect(out).toContain('nested:\n  # inner comment\n  deep: new value\n\n  other: "x"\n');
    expect(Object.keys(readValues(out) as object)).toEqual(Object.keys(fixtureValuesOf()));
  });

  it('keeps each scalar’s style when the value can be written in it', () => {
    expect(setValue(FIXTURE, ['plain'], 'other words')).toContain('plain: other words # comment\n');
    expect(setValue(FIXTURE, ['single'], "l'été")).toContain("single: 'l''été'\n");
    expect(setValue(FIXTURE, ['double'], 'say "hi"')).toContain('double: "say \\"hi\\""\n');
    expect(setValue(FIXTURE, ['literal'], 'one\ntwo\nthree\n')).toContain('literal: |\n  one\n  two\n  three\n\nfolded');
    expect(setValue(FIXTURE, ['folded'], 'just one')).toContain('folded: >-\n  just one\nempty:');
    expect(setValue(FIXTURE, ['items', 1, 'text'], 'Other\n')).toContain('    text: |\n      Other\n');
    expect(setValue(FIXTURE, ['flow', 1], 'B')).toContain('flow: [a, "B", c]');
    expect(setValue(FIXTURE, ['flowmap', 'k'], 'w')).toContain('flowmap: { k: w, n: 1 }');
  });

  it('double-quotes what the style cannot hold, with escapes for controls and U+2028/U+2029 only', () => {
    expect(setValue(FIXTURE, ['plain'], 'a: b')).toContain('plain: "a: b" # comment\n');
    expect(setValue(FIXTURE, ['plain'], 'x # y')).toContain('plain: "x # y"');
    expect(setValue(FIXTURE, ['plain'], ' lead')).toContain('plain: " lead"');
    expect(setValue(FIXTURE, ['plain'], '12')).toContain('plain: "12"');
    expect(setValue(FIXTURE, ['plain'], 'yes')).toContain('plain: "yes"');
    expect(setValue(FIXTURE, ['plain'], '')).toContain('plain: ""');
    expect(setValue(FIXTURE, ['single'], 'two\nlines')).toContain('single: "two\\nlines"\n');
    expect(setValue(FIXTURE, ['literal'], 'bell\x07\u2028\u2029\x85\x7f\0')).toContain('literal: "bell\\a\\L\\P\\N\\x7f\\0"\n\nfolded');
    expect(setValue(FIXTURE, ['double'], 'مرحبا 😀 \u200f\u2067x\u2069')).toContain('double: "مرحبا 😀 \u200f\u2067x\u2069"\n');
    expect(setValue(FIXTURE, ['flow', 0], 'a, b')).toContain('flow: ["a, b", "b", c]');
  });

  it('writes numbers, booleans and null plain', () => {
    expect(setValue(FIXTURE, ['double'], 3)).toContain('double: 3\n');
    expect(setValue(FIXTURE, ['plain'], true)).toContain('plain: true # comment\n');
    expect(setValue(FIXTURE, ['single'], null)).toContain('single: null\n');
    expect(setValue(FIXTURE, ['empty'], 'word')).toContain('empty: word\nnested:');
    expect(setValue(FIXTURE, ['empty'], 'two words')).toContain('empty: "two words"\nnested:');
    expect(setValue(FIXTURE, ['empty'], 'a: b')).toContain('empty: "a: b"\nnested:');
  });

  it('returns the very input when the value is already there', () => {
    expect(setValue(FIXTURE, ['plain'], 'word here')).toBe(FIXTURE);
    expect(setValue(FIXTURE, ['empty'], null)).toBe(FIXTURE);
    expect(setValue(FIXTURE, ['flow'], ['a', 'b', 'c'])).toBe(FIXTURE);
  });

  it('appends a missing key at the end of its mapping, with its indentation', () => {
    expect(setValue(FIXTURE, ['added'], 'v')).toBe(`${FIXTURE}added: v\n`);
    expect(setValue(FIXTURE, ['nested', 'added'], 'two words')).toBe(
      FIXTURE.replace('  other: "x"\n', '  other: "x"\n  added: "two words"\n'),
    );
    expect(setValue(FIXTURE, ['items', 0, 'added'], 1)).toBe(FIXTURE.replace('    text: "Hello"\n', '    text: "Hello"\n    added: 1\n'));
    expect(setValue(FIXTURE, ['flowmap', 'm'], 'x')).toContain('flowmap: { k: v, n: 1, m: x }');
    expect(setValue(FIXTURE, ['a', 'b', 'c'], 'd')).toBe(`${FIXTURE}a:\n  b:\n    c: d\n`);
    expect(setValue('k: 1', ['j'], 2)).toBe('k: 1\nj: 2\n');
    expect(setValue('', ['title'], 'T')).toBe('title: T\n');
  });

  it('takes a new key’s style from the same key of the other items', () => {
    const faq = read('en/faq.yaml');
    const out = setValue(faq, [2, 'review_by'], [] as string[]);
    expect(out).toContain('  review_by: []\n');
    const withItem = insertListItem(faq, [0, 'review_by'], 0, { date: '2027-01-01', passage: 'open every day' });
    expect(withItem).toContain('  review_by:\n    - date: 2027-01-01\n      passage: "open every day"\n- id: government-body');
  });

  it('replaces a list of strings with the fewest changes', () => {
    const rel = 'en/services/company-formation.yaml';
    const yaml = read(rel);
    const offered = (readValues(yaml) as { content: { servicesOffered: string[] } }).content.servicesOffered;
    const removed = setValue(yaml, ['content', 'servicesOffered'], offered.toSpliced(2, 1));
    expect(removed).toBe(yaml.replace(`    - "${offered[2]}"\n`, ''));
    const inserted = setValue(yaml, ['content', 'servicesOffered'], offered.toSpliced(1, 0, 'New: "one"'));
    expect(inserted).toBe(yaml.replace(`    - "${offered[1]}"\n`, `    - "New: \\"one\\""\n    - "${offered[1]}"\n`));
    expect(setValue(yaml, ['govIcons'], ['DED', 'MOHRE'])).toBe(yaml.replace('govIcons: [DED]', 'govIcons: [DED, MOHRE]'));
    expect(setValue(yaml, ['govIcons'], [])).toBe(yaml.replace('govIcons: [DED]', 'govIcons: []'));
    expect(setValue(FIXTURE, ['list'], [])).toContain('list: []\nflow:');
    expect(setValue(FIXTURE, ['empty'], ['p q', 'r'])).toContain('empty:\n  - "p q"\n  - r\nnested:');
  });

  it('keeps CRLF line ends', () => {
    const crlf = FIXTURE.replaceAll('\n', '\r\n');
    for (const out of [
      setValue(crlf, ['nested', 'deep'], 'x'),
      setValue(crlf, ['nested', 'added'], 'y'),
      setValue(crlf, ['literal'], 'a\nb\n'),
      insertListItem(crlf, ['items'], 1, { id: 'three', text: 'T' }),
      removeListItem(crlf, ['list'], 1),
      moveListItem(crlf, ['list'], 2, 0),
    ]) {
      expect(out.replaceAll('\r\n', '')).not.toContain('\n');
      expect(readValues(out)).toBeTruthy();
    }
    expect(setValue(crlf, ['nested', 'added'], 'z')).toBe(crlf.replace('  other: "x"\r\n', '  other: "x"\r\n  added: z\r\n'));
  });

  it('refuses what it cannot write safely', () => {
    expect(() => setValue(FIXTURE, ['nested'], 'x')).toThrow();
    expect(() => setValue(FIXTURE, ['list', 9], 'x')).toThrow();
    expect(() => setValue('a: [1', ['a'], 'x')).toThrow();
  });
});

function fixtureValuesOf(): object {
  return readValues(FIXTURE) as object;
}

describe('lists on content/ar/faq.yaml', () => {
  const faq = read('ar/faq.yaml');
  const items = itemTexts(faq, []);
  const values = readValues(faq) as unknown[];
  const n = items.length;
  const item = { id: 'new-question', question: 'سؤال جديد: لماذا؟', answer: 'جواب "جديد" 😀' };

  it('has items to work on', () => expect(n).toBeGreaterThan(5));

  it('removes an item, the others byte-identical', () => {
    for (const i of [0, 3, n - 1]) {
      const out = removeListItem(faq, [], i);
      expectOneSplice(out, faq);
      expect(itemTexts(out, [])).toEqual(items.toSpliced(i, 1));
      expect(readValues(out)).toEqual(values.toSpliced(i, 1));
    }
  });

  it('inserts an item in the others’ style, the others byte-identical', () => {
    for (const i of [0, 2, n]) {
      const out = insertListItem(faq, [], i, item);
      expectOneSplice(faq, out);
      expect(itemTexts(out, []).toSpliced(i, 1)).toEqual(items);
      expect(readValues(out)).toEqual(values.toSpliced(i, 0, item));
      expect(out).toContain('- id: new-question\n  question: "سؤال جديد: لماذا؟"\n  answer: "جواب \\"جديد\\" 😀"\n');
    }
  });

  it('moves an item, every item byte-identical', () => {
    for (const [from, to] of [[0, 4], [4, 0], [n - 1, 0], [0, n - 1], [2, 3]] as const) {
      const out = moveListItem(faq, [], from, to);
      const moved = items.toSpliced(from, 1).toSpliced(to, 0, items[from] ?? '');
      expect(itemTexts(out, [])).toEqual(moved);
      expect(readValues(out)).toEqual(values.toSpliced(from, 1).toSpliced(to, 0, values[from]));
      expect(out.length).toBe(faq.length);
    }
    expect(moveListItem(faq, [], 2, 2)).toBe(faq);
  });

  it('edits an item’s nested list (review_by)', () => {
    const i = values.findIndex((v) => Array.isArray((v as { review_by?: unknown }).review_by));
    expect(i).toBeGreaterThanOrEqual(0);
    const entry = { date: '2028-01-01', passage: 'نص' };
    const added = insertListItem(faq, [i, 'review_by'], 1, entry);
    expectOneSplice(faq, added);
    expect(getIn(readValues(added), [i, 'review_by', 1])).toEqual(entry);
    expect(added).toContain('    - date: 2028-01-01\n      passage: "نص"\n');
    const removed = removeListItem(added, [i, 'review_by'], 1);
    expect(removed).toBe(faq);
    const emptied = removeListItem(faq, [i, 'review_by'], 0);
    expect(getIn(readValues(emptied), [i, 'review_by'])).toEqual([]);
    expect(emptied).toContain('  review_by: []\n');
  });
});

describe('list edits keep comments and blank lines of the other items', () => {
  const LIST = 'list:\n  - one # first\n\n  # about two\n  - two\n\n  - three\nnext: 1\n';

  it('removes', () => {
    expect(removeListItem(LIST, ['list'], 0)).toBe('list:\n  # about two\n  - two\n\n  - three\nnext: 1\n');
    expect(removeListItem(LIST, ['list'], 1)).toBe('list:\n  - one # first\n\n  - three\nnext: 1\n');
    expect(removeListItem(LIST, ['list'], 2)).toBe('list:\n  - one # first\n\n  # about two\n  - two\nnext: 1\n');
  });

  it('inserts with the list’s blank lines', () => {
    expect(insertListItem(LIST, ['list'], 3, 'four')).toBe(LIST.replace('  - three\n', '  - three\n\n  - four\n'));
    expect(insertListItem(LIST, ['list'], 1, 'x')).toBe(LIST.replace('\n  # about two', '\n  - x\n\n  # about two'));
  });

  it('moves an item with the comment above it', () => {
    expect(moveListItem(LIST, ['list'], 1, 2)).toBe('list:\n  - one # first\n\n  - three\n\n  # about two\n  - two\nnext: 1\n');
  });

  it('creates a missing list', () => {
    expect(insertListItem('a: 1\n', ['tags'], 0, 'x')).toBe('a: 1\ntags:\n  - x\n');
    expect(insertListItem('a: []\n', ['a'], 0, 'x')).toBe('a: [x]\n');
    expect(insertListItem('a:\n', ['a'], 0, { k: 'v' })).toBe('a:\n  - k: v\n');
  });

  it('deletes a key with the comment above it', () => {
    expect(deleteKey(FIXTURE, ['nested', 'other'])).toBe(FIXTURE.replace('\n\n  other: "x"\n', '\n'));
    expect(deleteKey(FIXTURE, ['single'])).toBe(FIXTURE.replace("single: 'it''s'\n", ''));
    expect(deleteKey(FIXTURE, ['flowmap', 'k'])).toContain('flowmap: { n: 1 }');
    expect(deleteKey(FIXTURE, ['absent'])).toBe(FIXTURE);
  });
});

describe('front matter', () => {
  it('splits as sahel does (LF, CRLF, BOM, none, unclosed)', () => {
    expect(splitFrontMatter('---\ntitle: A\n---\n\nBody\n')).toEqual({ frontMatter: 'title: A\n', body: '\nBody\n', bodyOffset: 17, bodyLine: 4 });
    const crlf = '---\r\ntitle: A\r\n---\r\nBody\r\n';
    expect(splitFrontMatter(crlf)).toEqual({ frontMatter: 'title: A\r\n', body: 'Body\r\n', bodyOffset: 20, bodyLine: 4 });
    expect(splitFrontMatter('\ufeff---\n---\nB')).toEqual({ frontMatter: '', body: 'B', bodyOffset: 9, bodyLine: 3 });
    expect(splitFrontMatter('No front matter\n---\n')).toBeNull();
    expect(splitFrontMatter('---\ntitle: A\n')).toBeNull();
  });

  it('joins byte for byte and edits through the wrappers', () => {
    const crlf = '---\r\ntitle: "A"\r\n---\r\nBody\r\n';
    expect(joinFrontMatter(crlf, 'title: "A"\r\n', 'Body\r\n')).toBe(crlf);
    expect(setFrontMatterValue(crlf, ['title'], 'B: c')).toBe('---\r\ntitle: "B: c"\r\n---\r\nBody\r\n');
    expect(setFrontMatterValue(crlf, ['draft'], true)).toBe('---\r\ntitle: "A"\r\ndraft: true\r\n---\r\nBody\r\n');
    expect(setBody(crlf, 'New\r\n')).toBe('---\r\ntitle: "A"\r\n---\r\nNew\r\n');
    expect(setFrontMatterValue('Just text\n', ['title'], 'T')).toBe('---\ntitle: T\n---\nJust text\n');
    expect(() => setFrontMatterValue('---\ntitle: A\n', ['title'], 'B')).toThrow();
  });
});

describe('lines and paths', () => {
  const service = read('en/services/company-formation.yaml');
  const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start)) + 1;

  it('maps a service file’s lines to their fields', () => {
    expect(pathAtLine(service, lineOf(service, '  timeline:'))).toEqual(['content', 'timeline']);
    expect(pathAtLine(service, lineOf(service, '  timelineDays:'))).toEqual(['content', 'timelineDays']);
    expect(pathAtLine(service, lineOf(service, 'title:'))).toEqual(['title']);
    expect(pathAtLine(service, lineOf(service, 'content:'))).toEqual(['content']);
    expect(pathAtLine(service, lineOf(service, '  servicesOffered:'))).toEqual(['content', 'servicesOffered']);
    expect(pathAtLine(service, lineOf(service, '  servicesOffered:') + 2)).toEqual(['content', 'servicesOffered', 1]);
    expect(pathAtLine(service, 0)).toBeNull();
    expect(pathAtLine(service, 10_000)).toBeNull();
    expect(lineOfPath(service, ['content', 'timeline'])).toBe(lineOf(service, '  timeline:'));
    expect(lineOfPath(service, ['content', 'missing'])).toBeNull();
  });

  it('maps a list file’s lines to their items and fields', () => {
    const faq = read('en/faq.yaml');
    expect(pathAtLine(faq, 1)).toEqual([0, 'id']);
    expect(pathAtLine(faq, 2)).toEqual([0, 'question']);
    expect(pathAtLine(faq, 4)).toEqual([1, 'id']);
    expect(lineOfPath(faq, [1])).toBe(4);
  });

  it('maps a Markdown file’s lines: front matter fields, the body, the delimiters', () => {
    const post = read('en/blog/golden-visa-guide.md');
    const split = splitFrontMatter(post);
    if (!split) throw new Error('no front matter');
    expect(pathAtFileLine(post, 1)).toBeNull();
    expect(pathAtFileLine(post, 2)).toEqual(['title']);
    expect(pathAtFileLine(post, lineOf(post, '  - date:'))).toEqual(['review_by', 0, 'date']);
    expect(pathAtFileLine(post, lineOf(post, '    passage:'))).toEqual(['review_by', 0, 'passage']);
    expect(pathAtFileLine(post, split.bodyLine - 1)).toBeNull();
    expect(pathAtFileLine(post, split.bodyLine)).toEqual(['body']);
    expect(pathAtFileLine(post, split.bodyLine + 5)).toEqual(['body']);
    expect(fileLineOfPath(post, ['excerpt'])).toBe(lineOf(post, 'excerpt:'));
    expect(fileLineOfPath(post, ['body'])).toBe(split.bodyLine);
    expect(pathAtFileLine('No front matter', 1)).toEqual(['body']);
  });
});
