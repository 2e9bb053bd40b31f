// Edits of content files (YAML, and the YAML front matter of Markdown) that keep every byte the
// editor did not change: comments, key order, quoting, blank lines. A changed scalar is written
// into yaml's CST token and the tokens printed back (CST.stringify, lossless); a structural change
// (a new key, a list's item added, removed or moved) is the smallest splice of the text at the
// CST tokens' offsets. Every edit is checked by reading the result back: the document must hold
// exactly the old values with the one change, else the next way of writing it is tried (a string
// falls back to double quotes) or the edit is refused with an Error. Pure functions, no DOM.
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import {
  asScalar, canWrite, columnOf, contentEnd, flowScalar, flowValue, insertAt, isColl, isMapColl,
  isScalarToken, itemAnchor, itemEnd, itemLines, keySource, lineEnd, lineStart, locate, newStyle,
  pairTail, parseCst, printCst, realItems, removeAt, show, splice, spans, styleOf, templateAt,
  writeScalar, type Coll, type Item, type Located, type Parsed, type Path, type Scalar, type Style,
  type Tmpl,
} from './yaml-cst.ts';

export type { Path } from './yaml-cst.ts';
export type Value = string | number | boolean | null | string[];

// ---------------------------------------------------------------------------------------------
// Front matter (as sahel splits it: src/content/parse.rs)

const OPEN = /^\ufeff?---\r?\n/;

export interface FrontMatterSplit {
  frontMatter: string;
  body: string;
  /** Offset of the body in the file's text. */
  bodyOffset: number;
  /** 1-based line of the body's first line. */
  bodyLine: number;
}

/** `---` front matter `---` body; null when the file does not start with front matter (or never
 * closes it). The front matter keeps its last newline; the closing line is neither's. */
export function splitFrontMatter(text: string): FrontMatterSplit | null {
  const open = OPEN.exec(text);
  if (!open) return null;
  const start = open[0].length;
  for (let pos = start; pos < text.length; ) {
    const end = lineEnd(text, pos);
    const line = text.slice(pos, end);
    if (line.trimEnd() === '---') {
      const lines = text.slice(0, end).split('\n').length + (line.endsWith('\n') ? 0 : 1);
      return { frontMatter: text.slice(start, pos), body: text.slice(end), bodyOffset: end, bodyLine: lines };
    }
    pos = end;
  }
  return null;
}

/** The file again from its parts, with `original`'s delimiter lines (byte-identical when unchanged). */
export function joinFrontMatter(original: string, frontMatter: string, body: string): string {
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const fm = frontMatter === '' || frontMatter.endsWith('\n') ? frontMatter : frontMatter + eol;
  const split = splitFrontMatter(original);
  if (!split) return fm === '' ? body : `---${eol}${fm}---${eol}${body}`;
  const start = OPEN.exec(original)?.[0].length ?? 0;
  let close = original.slice(start + split.frontMatter.length, split.bodyOffset);
  if (!close.endsWith('\n') && body !== '') close += eol;
  return original.slice(0, start) + fm + close + body;
}

export function setBody(markdownText: string, body: string): string {
  const split = splitFrontMatter(markdownText);
  return split ? joinFrontMatter(markdownText, split.frontMatter, body) : body;
}

/** Applies `edit` (one of this module's YAML edits) to a Markdown file's front matter. */
export function editFrontMatter(markdownText: string, edit: (yaml: string) => string): string {
  const split = splitFrontMatter(markdownText);
  if (!split && /^\ufeff?---[ \t]*\r?$/m.test(markdownText.split('\n')[0] ?? ''))
    throw new Error('The front matter is not closed by a `---` line.');
  const yaml = split?.frontMatter ?? '';
  const next = edit(yaml);
  if (next === yaml) return markdownText;
  return joinFrontMatter(markdownText, next, split ? split.body : markdownText);
}

export function setFrontMatterValue(markdownText: string, path: Path, value: Value): string {
  return editFrontMatter(markdownText, (yaml) => setValue(yaml, path, value));
}

// ---------------------------------------------------------------------------------------------
// Values

/** The document's plain value; dates stay strings (YAML 1.2 core schema). Throws on a YAML error. */
export function readValues(yamlText: string): unknown {
  const doc = parseDocument(yamlText, { schema: 'core' });
  const error = doc.errors[0];
  if (error) throw error;
  return doc.toJS();
}

type Obj = Record<string | number, unknown>;

function getIn(root: unknown, path: Path): { found: boolean; value: unknown } {
  let cur = root;
  for (const seg of path) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, seg)) return { found: false, value: undefined };
    cur = (cur as Obj)[seg];
  }
  return { found: true, value: cur };
}

function setIn(root: unknown, path: Path, value: unknown): unknown {
  const [seg, ...rest] = path;
  if (seg === undefined) return value;
  const obj = (typeof root === 'object' && root !== null ? root : {}) as Obj;
  obj[seg] = setIn(obj[seg], rest, value);
  return obj;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as Obj)[k], (b as Obj)[k]));
}

/** The edit's result when it reads back as `expected`, else null. */
function checked(out: string | null, expected: unknown): string | null {
  if (out === null) return null;
  try {
    return deepEqual(readValues(out), expected) ? out : null;
  } catch {
    return null;
  }
}

function sure(out: string | null, expected: unknown, what: string): string {
  const ok = checked(out, expected);
  if (ok === null) throw new Error(`${what}: the edit could not be made without changing other values.`);
  return ok;
}

/**
 * Sets the value at `path` (a scalar, or a list of strings). Returns `yamlText` itself when the
 * value is already there. A string keeps its scalar's style (plain, quoted, block) when it can be
 * written in it, else is double-quoted. A missing key is appended to its mapping (and missing
 * mappings on the way are written out).
 */
export function setValue(yamlText: string, path: Path, value: Value): string {
  if (!path.length) throw new Error('The document itself cannot be set.');
  const before = readValues(yamlText);
  const now = getIn(before, path);
  if (now.found && deepEqual(now.value, value)) return yamlText;
  const expected = setIn(structuredClone(before), path, value);
  if (Array.isArray(value)) return sure(setList(yamlText, path, value, now.value), expected, show(path));
  const p = parseCst(yamlText);
  const loc = locate(p, path);
  const token = loc.kind === 'found' ? loc.token : undefined;
  const inFlow = loc.kind === 'found' && loc.parent?.type === 'flow-collection';
  let styles: Style[] = ['PLAIN'];
  if (typeof value === 'string') {
    const first = isScalarToken(token) ? (styleOf(token) ?? 'PLAIN') : newStyle(value, siblings(p, path), inFlow);
    styles = canWrite(value, first, inFlow) && first !== 'QUOTE_DOUBLE' ? [first, 'QUOTE_DOUBLE'] : ['QUOTE_DOUBLE'];
  }
  for (const style of styles) {
    const out = checked(writeAt(parseCst(yamlText), path, value, style), expected);
    if (out !== null) return out;
  }
  throw new Error(`${show(path)}: the value could not be written without changing other values.`);
}

function writeAt(p: Parsed, path: Path, value: Scalar, style: Style): string | null {
  const loc = locate(p, path);
  if (loc.kind === 'missing') return addMissing(p, loc, value, path, style);
  if (loc.token === undefined) return loc.item ? replaceValue(p, loc.item, loc.parent, value, [], style) : null;
  if (!isScalarToken(loc.token)) throw new Error(`${show(path)} is not a single value.`);
  return writeScalar(p, loc.token, value, style) ? printCst(p) : null;
}

/** A list's new items, as the fewest in-place changes: the common start and end stay as written. */
function setList(text: string, path: Path, value: string[], old: unknown): string {
  const p = parseCst(text);
  const loc = locate(p, path);
  if (loc.kind === 'missing') return addMissing(p, loc, value, path);
  const tok = loc.token;
  if (!isColl(tok) || isMapColl(tok) || !Array.isArray(old)) {
    if (tok !== undefined && !isScalarToken(tok)) throw new Error(`${show(path)} is not a list.`);
    if (!loc.item) throw new Error(`${show(path)} cannot be replaced.`);
    return replaceValue(p, loc.item, loc.parent, value, siblings(p, path));
  }
  let pre = 0;
  while (pre < old.length && pre < value.length && deepEqual(old[pre], value[pre])) pre++;
  let suf = 0;
  while (suf < old.length - pre && suf < value.length - pre && deepEqual(old[old.length - 1 - suf], value[value.length - 1 - suf])) suf++;
  const oldMid = old.length - pre - suf;
  const newMid = value.length - pre - suf;
  let t = text;
  for (let i = 0; i < Math.min(oldMid, newMid); i++) {
    if (isScalarLike(old[pre + i])) t = setValue(t, [...path, pre + i], value[pre + i] ?? '');
    else t = insertListItem(removeListItem(t, path, pre + i), path, pre + i, value[pre + i]);
  }
  for (let i = oldMid - 1; i >= newMid; i--) t = removeListItem(t, path, pre + i);
  for (let i = oldMid; i < newMid; i++) t = insertListItem(t, path, pre + i, value[pre + i]);
  return t;
}

/** The templates of a new value at `path`: the values at the same path in the other items of
 * the nearest list on the way, the nearest first. */
function siblings(p: Parsed, path: Path): Tmpl {
  const j = path.findLastIndex((s) => typeof s === 'number');
  const at = path[j];
  if (typeof at !== 'number') return [];
  const list = locate(p, path.slice(0, j));
  const n = list.kind === 'found' && isColl(list.token) ? realItems(list.token).length : 0;
  const order = [...Array(n).keys()].filter((i) => i !== at).sort((a, b) => Math.abs(a - at) - Math.abs(b - at));
  return order.flatMap((i) => {
    try {
      const l = locate(p, [...path.slice(0, j), i, ...path.slice(j + 1)]);
      return l.kind === 'found' && l.token ? [l.token] : [];
    } catch {
      return [];
    }
  });
}

/** Appends the missing key (with the mappings that lead to it) to its mapping. */
function addMissing(p: Parsed, loc: Located & { kind: 'missing' }, value: unknown, path: Path, style?: Style): string {
  const [key, ...rest] = loc.rest as string[];
  if (key === undefined) throw new Error('Nothing to add.');
  const nested = rest.reduceRight<unknown>((v, k) => ({ [k]: v }), value);
  const { text, eol } = p;
  // The templates of the value written: the null key's (`loc.item`), or the new key's.
  const tmpl = siblings(p, path.slice(0, path.length - (loc.item ? loc.rest.length : rest.length)));
  if (loc.item) return replaceValue(p, loc.item, loc.parent, { [key]: nested }, tmpl, style);
  const pair = (col: number) =>
    `${' '.repeat(col)}${keySource(key)}:` +
    (style && !rest.length ? ` ${flowScalar(asScalar(value), style)}` : pairTail(nested, col, eol, tmpl));
  const c = loc.parent;
  const last = c ? realItems(c).at(-1) : undefined;
  if (c?.type === 'flow-collection') {
    const at = last ? itemEnd(last) : c.start.offset + 1;
    return splice(text, at, at, `${last ? ', ' : ''}${keySource(key)}: ${flowValue(nested, tmpl)}`);
  }
  if (!c && p.doc?.value !== undefined) throw new Error('The document is not a mapping.');
  const col = c ? columnOf(text, c) : 0;
  const at = last ? lineEnd(text, itemEnd(last)) : text.length;
  const nl = at === text.length && text !== '' && !text.endsWith('\n') ? eol : '';
  return splice(text, at, at, `${nl}${pair(col)}${eol}`);
}

/** Replaces the value of a mapping's key (empty, null or a scalar) by a new one. */
function replaceValue(p: Parsed, item: Item, parent: Coll | null, value: unknown, tmpl: Tmpl, style?: Style): string {
  const colon = item.sep?.find((t) => t.type === 'map-value-ind');
  const ind = colon ?? item.start.find((t) => t.type === 'seq-item-ind');
  if (!ind) throw new Error('Only a key’s or an item’s value can be replaced.');
  const from = ind.offset + ind.source.length;
  const to = item.value ? contentEnd(item.value) : from;
  const anchor = itemAnchor(item);
  const col = anchor - lineStart(p.text, anchor);
  // A list's item takes a new list or mapping in flow style (`- [a]`).
  const tail = parent?.type === 'flow-collection' || !colon ? ` ${flowValue(value, tmpl)}`
    : style && isScalarLike(value) ? ` ${flowScalar(asScalar(value), style)}`
    : pairTail(value, col, p.eol, tmpl);
  return splice(p.text, from, to, tail);
}

// ---------------------------------------------------------------------------------------------
// Lists (and keys' removal)

function listAt(p: Parsed, path: Path): { loc: Located & { kind: 'found' }; list: Coll } {
  const loc = locate(p, path);
  if (loc.kind !== 'found' || !isColl(loc.token) || isMapColl(loc.token)) throw new Error(`${show(path)} is not a list.`);
  return { loc, list: loc.token };
}

/** Inserts `value` (a scalar or a mapping, as an FAQ item) as item `index` of the list at
 * `listPath`; a missing or empty list is created. New scalars take their neighbours' quoting. */
export function insertListItem(yamlText: string, listPath: Path, index: number, value: unknown): string {
  const before = readValues(yamlText);
  const old = getIn(before, listPath).value ?? [];
  if (!Array.isArray(old) || !Number.isInteger(index) || index < 0 || index > old.length)
    throw new Error(`${show(listPath)}: no place ${index} in the list.`);
  const expected = setIn(structuredClone(before), listPath, old.toSpliced(index, 0, value));
  const p = parseCst(yamlText);
  const loc = locate(p, listPath);
  const what = show(listPath);
  if (loc.kind === 'missing') return sure(addMissing(p, loc, [value], listPath), expected, what);
  const tok = loc.token;
  const toBlock = tok?.type === 'flow-collection' && !realItems(tok).length && !isScalarLike(value) && loc.parent?.type === 'block-map';
  if (tok === undefined || isScalarToken(tok) || toBlock) {
    if (!loc.item) throw new Error(`${what} cannot be replaced.`);
    return sure(replaceValue(p, loc.item, loc.parent, [value], siblings(p, listPath)), expected, what);
  }
  const { list } = listAt(p, listPath);
  const near = realItems(list).flatMap((it, i) => (it.value ? [{ t: it.value, d: Math.abs(i - index + 0.5) }] : []));
  const tmpl = [...near.sort((a, b) => a.d - b.d).map((x) => x.t), ...templateAt(siblings(p, listPath), 0)];
  const itemText = list.type === 'flow-collection' ? flowValue(value, tmpl)
    : itemLines(value, columnOf(p.text, list), p.eol, tmpl).join(p.eol) + p.eol;
  return sure(insertAt(p, list, index, itemText), expected, what);
}

const isScalarLike = (v: unknown): boolean => v === null || typeof v !== 'object';

export function removeListItem(yamlText: string, listPath: Path, index: number): string {
  const before = readValues(yamlText);
  const old = getIn(before, listPath).value;
  if (!Array.isArray(old) || !(index >= 0 && index < old.length)) throw new Error(`${show(listPath)}: no item ${index}.`);
  const expected = setIn(structuredClone(before), listPath, old.toSpliced(index, 1));
  const p = parseCst(yamlText);
  const { loc, list } = listAt(p, listPath);
  return sure(removeAt(p, list, index, loc), expected, show(listPath));
}

/** Moves item `from` so that it becomes item `to`, its text (and the comments just above it)
 * unchanged. */
export function moveListItem(yamlText: string, listPath: Path, from: number, to: number): string {
  const before = readValues(yamlText);
  const old = getIn(before, listPath).value;
  if (!Array.isArray(old) || !(from >= 0 && from < old.length && to >= 0 && to < old.length))
    throw new Error(`${show(listPath)}: no item ${from} or ${to}.`);
  if (from === to) return yamlText;
  const expected = setIn(structuredClone(before), listPath, old.toSpliced(from, 1).toSpliced(to, 0, old[from]));
  const p = parseCst(yamlText);
  const { loc, list } = listAt(p, listPath);
  const items = realItems(list);
  let itemText: string;
  if (list.type === 'flow-collection') {
    const item = items[from] ?? { start: [] };
    itemText = p.text.slice((item.key ?? item.value)?.offset ?? 0, itemEnd(item));
  } else {
    const s = spans(p.text, list);
    itemText = (s.compact[from] ? ' '.repeat(columnOf(p.text, list)) : '') + p.text.slice(s.a[from], s.e[from]);
    if (!itemText.endsWith('\n')) itemText += p.eol;
  }
  const removed = parseCst(removeAt(p, list, from, loc));
  return sure(insertAt(removed, listAt(removed, listPath).list, to, itemText), expected, show(listPath));
}

/** Removes a key (with its value and the comment lines just above it) from its mapping. */
export function deleteKey(yamlText: string, path: Path): string {
  const before = readValues(yamlText);
  const key = path.at(-1);
  const parentPath = path.slice(0, -1);
  const parent = getIn(before, parentPath).value;
  if (typeof key !== 'string' || typeof parent !== 'object' || parent === null || Array.isArray(parent) || !Object.hasOwn(parent, key))
    return yamlText;
  const expected = structuredClone(before);
  delete (getIn(expected, parentPath).value as Obj)[key];
  const p = parseCst(yamlText);
  const loc = locate(p, path);
  if (loc.kind !== 'found' || !loc.parent) throw new Error(`${show(path)}: not found.`);
  const up = parentPath.length ? locate(p, parentPath) : ({ kind: 'found', token: loc.parent, parent: null, item: null, index: -1 } as const);
  if (up.kind !== 'found') throw new Error(`${show(path)}: not found.`);
  return sure(removeAt(p, loc.parent, loc.index, up), expected, show(path));
}

// ---------------------------------------------------------------------------------------------
// Lines and paths

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOfOffset(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const rangeOf = (n: unknown): [number, number] | null => {
  const r = (n as Node | null)?.range;
  return r ? [r[0], r[1]] : null;
};

/** The path of the deepest value whose lines cover `line` (1-based): a key's line counts as its
 * value's. `[]` for a line of the document outside every key; null outside the document. Where
 * several values share the line (`{ min: 2, max: 10 }`), their collection's path. */
export function pathAtLine(yamlText: string, line: number): Path | null {
  const starts = lineStarts(yamlText);
  const doc = parseDocument(yamlText, { schema: 'core' });
  const covers = (a: number, b: number) =>
    lineOfOffset(starts, a) <= line && line <= lineOfOffset(starts, Math.max(a, b - 1));
  let node: unknown = doc.contents;
  const root = rangeOf(node);
  if (!root || !covers(root[0], root[1])) return null;
  const path: Path = [];
  for (;;) {
    const hits: [string | number, unknown][] = [];
    if (isMap(node)) {
      for (const pair of node.items) {
        const k = rangeOf(pair.key);
        const end = rangeOf(pair.value)?.[1] ?? k?.[1];
        if (k && end !== undefined && covers(k[0], end) && isScalar(pair.key)) hits.push([String(pair.key.value), pair.value]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const r = rangeOf(item);
        if (r && covers(r[0], r[1])) hits.push([i, item]);
      });
    }
    const hit = hits.length === 1 ? hits[0] : undefined;
    if (!hit) return path;
    path.push(hit[0]);
    node = hit[1];
  }
}

/** The line (1-based) of the key (or list item) at `path`; null when there is none. */
export function lineOfPath(yamlText: string, path: Path): number | null {
  const doc = parseDocument(yamlText, { schema: 'core' });
  let node: unknown = doc.contents;
  let offset = rangeOf(node)?.[0] ?? 0;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((it) => isPair(it) && isScalar(it.key) && String(it.key.value) === String(seg));
      const r = rangeOf(pair?.key);
      if (!pair || !r) return null;
      offset = r[0];
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      node = node.items[seg];
      const r = rangeOf(node);
      if (!r) return null;
      offset = r[0];
    } else return null;
  }
  return lineOfOffset(lineStarts(yamlText), offset);
}

/** pathAtLine for a Markdown file's line: front matter lines give their field's path, the body's
 * lines `['body']`, the `---` lines null. */
export function pathAtFileLine(markdownText: string, line: number): Path | null {
  const split = splitFrontMatter(markdownText);
  if (!split) return line >= 1 ? ['body'] : null;
  if (line >= split.bodyLine) return ['body'];
  const fmLines = split.frontMatter.split('\n').length - (split.frontMatter.endsWith('\n') || split.frontMatter === '' ? 1 : 0);
  return line >= 2 && line <= fmLines + 1 ? pathAtLine(split.frontMatter, line - 1) : null;
}

/** lineOfPath for a Markdown file: `['body']` is the body's first line. */
export function fileLineOfPath(markdownText: string, path: Path): number | null {
  const split = splitFrontMatter(markdownText);
  if (path.length === 1 && path[0] === 'body') return split ? split.bodyLine : 1;
  const line = split ? lineOfPath(split.frontMatter, path) : null;
  return line === null ? null : line + 1;
}
