// The helpers of yaml-edit.ts: finding a value's tokens in yaml's CST (concrete syntax tree,
// which keeps every byte of the source), where its items begin and end in the text, and how a new
// value is written. Nothing here re-serialises a document: edits are splices of the text at the
// tokens' offsets, or a changed scalar token printed back with the untouched ones (CST.stringify).
import { CST, Parser } from 'yaml';

export type Path = (string | number)[];
export type Scalar = string | number | boolean | null;
export type Style = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';
export type Coll = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;
export type Item = CST.CollectionItem;

/** A YAML text parsed to CST tokens (one document). */
export interface Parsed {
  text: string;
  tokens: CST.Token[];
  doc: CST.Document | undefined;
  eol: string;
}

export function parseCst(text: string): Parsed {
  const tokens = [...new Parser().parse(text)];
  const docs = tokens.filter((t): t is CST.Document => t.type === 'document');
  if (docs.length > 1) throw new Error('A file of several YAML documents cannot be edited.');
  return { text, tokens, doc: docs[0], eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The text again from the (possibly changed) tokens. */
export const printCst = (p: Parsed): string => p.tokens.map((t) => CST.stringify(t)).join('');

export const lineStart = (t: string, pos: number): number => t.lastIndexOf('\n', pos - 1) + 1;
export function lineEnd(t: string, pos: number): number {
  const i = t.indexOf('\n', pos);
  return i < 0 ? t.length : i + 1;
}
export const splice = (t: string, from: number, to: number, insert: string): string =>
  t.slice(0, from) + insert + t.slice(to);

export const isColl = (t: CST.Token | undefined): t is Coll =>
  t?.type === 'block-map' || t?.type === 'block-seq' || t?.type === 'flow-collection';
export const isMapColl = (c: Coll): boolean =>
  c.type === 'block-map' || (c.type === 'flow-collection' && c.start.source === '{');
export const isScalarToken = (t: CST.Token | undefined): t is CST.FlowScalar | CST.BlockScalar =>
  t?.type === 'scalar' ||
  t?.type === 'single-quoted-scalar' ||
  t?.type === 'double-quoted-scalar' ||
  t?.type === 'block-scalar';

const sourceOf = (t: CST.Token | undefined): string => (t && 'source' in t ? t.source : '');

const has = (ts: CST.SourceToken[] | undefined, type: CST.SourceToken['type']): CST.SourceToken | undefined =>
  ts?.find((t) => t.type === type);

/** The items that hold a value (not the comments and blank lines the parser keeps as items). */
export function realItems(c: Coll): Item[] {
  if (c.type === 'block-seq') return c.items.filter((i) => has(i.start, 'seq-item-ind'));
  return c.items.filter((i) => i.key != null || i.value !== undefined || (i.sep?.length ?? 0) > 0);
}

export function keyOf(item: Item): string | undefined {
  return item.key ? CST.resolveAsScalar(item.key, false, () => {})?.value : undefined;
}

/** Where an item starts: its `-`, its `?` or its key. */
export function itemAnchor(item: Item): number {
  const ind = has(item.start, 'seq-item-ind') ?? has(item.start, 'explicit-key-ind');
  return ind?.offset ?? item.key?.offset ?? item.value?.offset ?? item.start.at(-1)?.offset ?? 0;
}

/** The offset just after a node's last character of content (no comments, no blank lines). */
export function contentEnd(t: CST.Token): number {
  switch (t.type) {
    case 'block-map':
    case 'block-seq': {
      const last = realItems(t).at(-1);
      return last ? itemEnd(last) : t.offset;
    }
    case 'flow-collection': {
      const close = t.end.find((e) => e.type === 'flow-map-end' || e.type === 'flow-seq-end');
      return close ? close.offset + close.source.length : t.offset;
    }
    case 'block-scalar': {
      const last = t.props.at(-1);
      const bodyStart = last ? last.offset + sourceOf(last).length : t.offset;
      // The parser leaves the blank lines after a block scalar out of it (unless they are its
      // value's, `|+`); a line of spaces or a tab in it may be content.
      const kept = t.source.replace(/\r?\n$/, '');
      const header = t.props[0];
      return kept ? bodyStart + kept.length : header ? header.offset + sourceOf(header).length : t.offset;
    }
    default:
      return 'source' in t ? t.offset + t.source.length : t.offset;
  }
}

export function itemEnd(item: Item): number {
  if (item.value) return contentEnd(item.value);
  const ind = has(item.sep, 'map-value-ind') ?? has(item.start, 'seq-item-ind');
  if (ind) return ind.offset + ind.source.length;
  return item.key ? contentEnd(item.key) : itemAnchor(item);
}

/** The column of a block collection's items (spaces before its first `-` or key). */
export function columnOf(text: string, c: Coll): number {
  const first = realItems(c)[0];
  const at = first ? itemAnchor(first) : c.offset;
  return at - lineStart(text, at);
}

export type Located =
  /** `token` undefined: a key with no value (`key:`). */
  | { kind: 'found'; token: CST.Token | undefined; parent: Coll | null; item: Item | null; index: number }
  /** `item` set: a key whose value is empty or null, to be replaced by `rest` written as mappings;
   *  else `parent` (null for an empty document) is the mapping that lacks `rest[0]`. */
  | { kind: 'missing'; parent: Coll | null; item: Item | null; rest: Path };

const NULL_SOURCE = /^(~|null|Null|NULL|)$/;

export function locate(p: Parsed, path: Path): Located {
  let cur: CST.Token | undefined = p.doc?.value;
  let parent: Coll | null = null;
  let item: Item | null = null;
  let index = -1;
  for (let d = 0; d < path.length; d++) {
    const seg = path[d];
    if (cur === undefined || (cur.type === 'scalar' && NULL_SOURCE.test(cur.source))) {
      if (path.slice(d).some((s) => typeof s !== 'string')) throw new Error(`No list at ${show(path.slice(0, d))}.`);
      return { kind: 'missing', parent: item ? parent : null, item, rest: path.slice(d) };
    }
    if (!isColl(cur)) throw new Error(`${show(path.slice(0, d))} is not a mapping or a list.`);
    const items = realItems(cur);
    let i: number;
    if (isMapColl(cur)) {
      if (typeof seg !== 'string') throw new Error(`${show(path.slice(0, d))} is a mapping.`);
      i = items.findIndex((it) => keyOf(it) === seg);
      if (i < 0) {
        if (path.slice(d).some((s) => typeof s !== 'string')) throw new Error(`No list at ${show(path)}.`);
        return { kind: 'missing', parent: cur, item: null, rest: path.slice(d) };
      }
    } else {
      if (typeof seg !== 'number' || !(seg >= 0 && seg < items.length)) throw new Error(`No item ${show(path.slice(0, d + 1))}.`);
      i = seg;
    }
    parent = cur;
    item = items[i] ?? null;
    index = i;
    cur = item?.value;
  }
  return { kind: 'found', token: cur, parent, item, index };
}

export const show = (path: Path): string => (path.length ? path.join('.') : '(root)');

// ---------------------------------------------------------------------------------------------
// Scalars

/** Characters written as escapes (double-quoted only): controls (tab and newline aside), DEL and
 * C1, U+2028/U+2029, the BOM, noncharacters U+FFFE/U+FFFF and lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const ESCAPED = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const DQ_ESCAPED = new RegExp(`["\\\\\\t\\n]|${ESCAPED.source}`, 'g');
const ESCAPES: Record<string, string> = {
  '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\0': '\\0', '\x07': '\\a',
  '\b': '\\b', '\v': '\\v', '\f': '\\f', '\x1b': '\\e', '\x85': '\\N', '\u2028': '\\L', '\u2029': '\\P',
};
/** Read as something else than a string by YAML 1.2's core schema, or a YAML 1.1 boolean. */
const NOT_A_STRING = /^(~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.nan|\.NaN|\.NAN|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

export function doubleQuoted(s: string): string {
  return `"${s.replace(DQ_ESCAPED, (c) => {
    const code = c.charCodeAt(0);
    return ESCAPES[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  })}"`;
}

/** Whether `s` can be written in `style` (the rest is checked by reading the result back). */
export function canWrite(s: string, style: Style, inFlow: boolean): boolean {
  const raw = !ESCAPED.test(s);
  switch (style) {
    case 'QUOTE_DOUBLE':
      return true;
    case 'QUOTE_SINGLE':
      return raw && !/[\t\n]/.test(s);
    case 'PLAIN':
      return (
        raw && s !== '' && !/[\t\n]/.test(s) && s.trim() === s && !/^[-?:,[\]{}#&*!|>'"%@`]/.test(s) &&
        !/: |:$| #/.test(s) && !(inFlow && /[,[\]{}]/.test(s)) && !NOT_A_STRING.test(s) && !/^(---|\.\.\.)/.test(s)
      );
    default:
      return raw && !inFlow;
  }
}

export function styleOf(t: CST.Token | undefined): Style | undefined {
  switch (t?.type) {
    case 'scalar':
      return 'PLAIN';
    case 'single-quoted-scalar':
      return 'QUOTE_SINGLE';
    case 'double-quoted-scalar':
      return 'QUOTE_DOUBLE';
    case 'block-scalar':
      return sourceOf(t.props[0]).startsWith('>') ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL';
    default:
      return undefined;
  }
}

function numberSource(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (!Number.isFinite(n)) return n > 0 ? '.inf' : '-.inf';
  return Object.is(n, -0) ? '-0' : String(n);
}

/** A scalar in one line (no block style). */
export function flowScalar(v: Scalar, style: Style): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return numberSource(v);
  if (typeof v === 'boolean') return String(v);
  if (style === 'PLAIN') return v;
  if (style === 'QUOTE_SINGLE') return `'${v.replaceAll("'", "''")}'`;
  return doubleQuoted(v);
}

/**
 * Writes `v` into the scalar token `t` (changing it in place) in `style`. Block scalars keep
 * their body's indentation and the comment after their header. False when the style cannot be
 * used for `v`.
 */
export function writeScalar(p: Parsed, t: CST.FlowScalar | CST.BlockScalar, v: Scalar, style: Style): boolean {
  const { text } = p;
  if (typeof v === 'string' && (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED')) {
    if (t.type !== 'block-scalar') return false;
    const lines = t.source.split('\n').filter((l) => l.trim() !== '');
    const header = t.props[0];
    const headerIndent = header ? (/^ */.exec(text.slice(lineStart(text, header.offset)))?.[0].length ?? 0) : 0;
    const indent = lines.length ? Math.min(...lines.map((l) => /^ */.exec(l)?.[0].length ?? 0)) : headerIndent + 2;
    const made = CST.createScalarToken(v, { indent, type: style, end: [] });
    if (made.type !== 'block-scalar' || header?.type !== 'block-scalar-header') return false;
    header.source = sourceOf(made.props[0]);
    t.source = made.source.replaceAll('\n', p.eol);
    return true;
  }
  const source = flowScalar(v, style);
  const type = style === 'QUOTE_SINGLE' ? 'single-quoted-scalar' : style === 'QUOTE_DOUBLE' ? 'double-quoted-scalar' : 'scalar';
  if (t.type === 'block-scalar') CST.setScalarValue(t, typeof v === 'string' ? v : source, { type: style === 'PLAIN' ? 'PLAIN' : style });
  Object.assign(t, { type, source });
  return true;
}

// ---------------------------------------------------------------------------------------------
// New values

/** A new value's templates: tokens of values of the same place (the neighbours in its list, the
 * same field of the list's other items), the nearest first, whose styles it takes. */
export type Tmpl = CST.Token[];

/** The templates of a collection's value at `key` (a mapping's key; for a list, any item). */
export function templateAt(ts: Tmpl, key: string | number): Tmpl {
  return ts.flatMap((t) =>
    isColl(t) ? realItems(t).flatMap((i) => (typeof key === 'number' || keyOf(i) === key) && i.value ? [i.value] : []) : [],
  );
}

/** The style a new scalar takes: its template's when it can, else plain for a word, else double-quoted. */
export function newStyle(v: Scalar, tmpl: Tmpl, inFlow: boolean): Style {
  if (typeof v !== 'string') return 'PLAIN';
  const s = tmpl.map(styleOf).find((x) => x !== undefined);
  if (s && !s.startsWith('BLOCK') && canWrite(v, s, inFlow)) return s;
  return !s && !/\s/.test(v) && canWrite(v, 'PLAIN', inFlow) ? 'PLAIN' : 'QUOTE_DOUBLE';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function asScalar(v: unknown): Scalar {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v === undefined) return null;
  throw new Error(`Cannot write ${typeof v} in YAML.`);
}

export const keySource = (k: string): string => (canWrite(k, 'PLAIN', true) ? k : doubleQuoted(k));

/** A value in flow style (`[a, b]`, `{k: v}`, a scalar). */
export function flowValue(v: unknown, tmpl: Tmpl): string {
  if (Array.isArray(v)) return `[${v.map((x) => flowValue(x, templateAt(tmpl, 0))).join(', ')}]`;
  if (isPlainObject(v))
    return `{ ${Object.entries(v).map(([k, x]) => `${keySource(k)}: ${flowValue(x, templateAt(tmpl, k))}`).join(', ')} }`;
  const s = asScalar(v);
  return flowScalar(s, newStyle(s, tmpl, true));
}

/** What follows `key:` for a new value whose key is at column `col`: ` scalar` or lines below. */
export function pairTail(v: unknown, col: number, eol: string, tmpl: Tmpl): string {
  if (Array.isArray(v) && v.length) return eol + seqLines(v, col + 2, eol, tmpl).join(eol);
  if (isPlainObject(v) && Object.keys(v).length) return eol + mapLines(v, col + 2, eol, tmpl).join(eol);
  return ` ${flowValue(v, tmpl)}`;
}

export function mapLines(v: Record<string, unknown>, col: number, eol: string, tmpl: Tmpl): string[] {
  const pad = ' '.repeat(col);
  return Object.entries(v).map(([k, x]) => `${pad}${keySource(k)}:${pairTail(x, col, eol, templateAt(tmpl, k))}`);
}

/** A list's items as lines, `- ` at column `col`; `tmpl`: the list's templates. */
export function seqLines(v: unknown[], col: number, eol: string, tmpl: Tmpl): string[] {
  return v.map((x) => itemLines(x, col, eol, templateAt(tmpl, 0)).join(eol));
}

/** One list item, `- ` at column `col`; `tmpl`: the item's templates. */
export function itemLines(v: unknown, col: number, eol: string, tmpl: Tmpl): string[] {
  const pad = ' '.repeat(col);
  if (isPlainObject(v) && Object.keys(v).length) {
    const lines = mapLines(v, col + 2, eol, tmpl);
    return lines.map((l, i) => (i === 0 ? `${pad}- ${l.slice(col + 2)}` : l));
  }
  if (Array.isArray(v) && v.length) return [`${pad}-`, ...seqLines(v, col + 2, eol, tmpl)];
  return [`${pad}- ${flowValue(v, tmpl)}`];
}

// ---------------------------------------------------------------------------------------------
// Lists (and keys' removal): items are spliced whole, from the line of their `-` (with the
// comment lines just above it) to the end of their last line.

interface Spans {
  /** Start of each item: the line of its `-` or key, or the comment lines just above it; a compact
   * item's `-` or key itself. */
  a: number[];
  /** Just after each item's last line. */
  e: number[];
  /** Start of the blank lines just above `a`. */
  g: number[];
  /** The item shares its line with what comes before (`- id: x`'s `id`). */
  compact: boolean[];
}

export function spans(text: string, c: Coll): Spans {
  const s: Spans = { a: [], e: [], g: [], compact: [] };
  realItems(c).forEach((item, k) => {
    const anchor = itemAnchor(item);
    let a = lineStart(text, anchor);
    if (text.slice(a, anchor).trim() !== '') a = anchor;
    s.compact.push(a === anchor && a !== lineStart(text, anchor));
    const prev = s.e[k - 1] ?? a;
    while (k > 0 && a > prev && /^[ \t]*#/.test(text.slice(lineStart(text, a - 1), a))) a = lineStart(text, a - 1);
    let g = a;
    while (k > 0 && g > prev && text.slice(lineStart(text, g - 1), g).trim() === '') g = lineStart(text, g - 1);
    s.a.push(a);
    s.g.push(g);
    s.e.push(lineEnd(text, itemEnd(item)));
  });
  return s;
}

/** Removes item `index` of a collection (a list's item, a mapping's key). */
export function removeAt(p: Parsed, c: Coll, index: number, loc: Located & { kind: 'found' }): string {
  const { text } = p;
  const items = realItems(c);
  const n = items.length;
  if (c.type === 'flow-collection') {
    const start = (i: number) => (items[i]?.key ?? items[i]?.value)?.offset ?? 0;
    const end = (i: number) => itemEnd(items[i] ?? { start: [] });
    if (n === 1) return splice(text, start(0), end(0), '');
    return index < n - 1 ? splice(text, start(index), start(index + 1), '') : splice(text, end(index - 1), end(index), '');
  }
  const s = spans(text, c);
  const compact = s.compact[index] === true;
  if (n === 1) {
    const empty = c.type === 'block-seq' ? '[]' : '{}';
    const e0 = (s.e[0] ?? 0) - (/\r?\n$/.exec(text.slice(0, s.e[0]))?.[0].length ?? 0);
    const colon = loc.item?.sep?.find((t) => t.type === 'map-value-ind');
    if (colon && loc.parent?.type === 'block-map' && !compact) {
      // `key: []`, the comments between the key and the item kept below it.
      const at = colon.offset + colon.source.length;
      return splice(splice(text, s.a[0] ?? 0, s.e[0] ?? 0, ''), at, at, ` ${empty}`);
    }
    return splice(text, s.a[0] ?? 0, e0, (compact ? '' : ' '.repeat(columnOf(text, c))) + empty);
  }
  if (compact) {
    // `- id: x` loses `id: x`: the next item moves up after the `- ` (or its comments do).
    const next = items[1] ? itemAnchor(items[1]) : 0;
    const to = s.a[1] === lineStart(text, next) ? next : (s.a[1] ?? next);
    return splice(text, s.a[0] ?? 0, to, '');
  }
  if (index < n - 1) return splice(text, s.a[index] ?? 0, s.a[index + 1] ?? 0, '');
  return splice(text, s.g[index] ?? 0, s.e[index] ?? 0, '');
}

/** Inserts an item's text (block: whole lines with their newline; flow: the item) at `index`. */
export function insertAt(p: Parsed, c: Coll, index: number, itemText: string): string {
  const { text, eol } = p;
  const items = realItems(c);
  const n = items.length;
  if (c.type === 'flow-collection') {
    if (n === 0) return splice(text, c.start.offset + 1, c.start.offset + 1, itemText);
    if (index < n) {
      const at = (items[index]?.key ?? items[index]?.value)?.offset ?? 0;
      return splice(text, at, at, `${itemText}, `);
    }
    const at = itemEnd(items[n - 1] ?? { start: [] });
    return splice(text, at, at, `, ${itemText}`);
  }
  const s = spans(text, c);
  const blank = (i: number) => (i > 0 && i < n ? text.slice(s.g[i], s.a[i]) : '');
  if (index < n) {
    const at = s.a[index] ?? 0;
    if (!s.compact[index]) return splice(text, at, at, itemText + blank(index > 0 ? index : 1));
    const col = columnOf(text, c);
    return splice(text, at, at, itemText.slice(col) + blank(1) + ' '.repeat(col));
  }
  const at = s.e[n - 1] ?? text.length;
  const nl = at === text.length && !text.endsWith('\n') ? eol : '';
  return splice(text, at, at, nl + blank(n - 1) + itemText);
}
