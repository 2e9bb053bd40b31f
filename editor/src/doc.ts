// One language's file of an entry, as the form sees it: its values read from the text, and every
// change made to the text in place through yaml-edit.ts (never re-serialised), for the forms whose
// fields are declared (markdown: front matter + body; files and record: a mapping; list: a list
// of items). `strings` and `raw` files are edited as text and have no values.
import type { Field, Form } from './api';
import { TEXT_FIELD, type Path } from './validate';
import {
  deleteKey,
  editFrontMatter,
  insertListItem,
  moveListItem,
  pathAtFileLine,
  pathAtLine,
  readValues,
  removeListItem,
  setBody,
  setValue,
  splitFrontMatter,
  type Value,
} from './yaml-edit';

export type Op =
  | { op: 'set'; path: Path; value: Value }
  | { op: 'delete'; path: Path }
  | { op: 'insert'; path: Path; index: number; value: unknown }
  | { op: 'remove'; path: Path; index: number }
  | { op: 'move'; path: Path; from: number; to: number }
  | { op: 'body'; body: string };

export interface DocValues {
  /** The values of the YAML (front matter for markdown); null when the text does not parse. */
  values: unknown;
  /** The Markdown body (markdown form), else null. */
  body: string | null;
  /** The first line of the body in the file (markdown form). */
  bodyLine: number;
  /** Why the values could not be read, if they could not. */
  error: string | null;
}

export function isTextForm(form: Form): boolean {
  return form === 'strings' || form === 'raw';
}

/** The name of a markdown collection's body field (`body` in sahel's own). */
export function bodyFieldName(fields: Record<string, Field>): string | null {
  for (const [name, f] of Object.entries(fields)) if (f.type === 'markdown') return name;
  return null;
}

export function readDoc(text: string, form: Form): DocValues {
  if (isTextForm(form)) return { values: null, body: null, bodyLine: 1, error: null };
  try {
    if (form === 'markdown') {
      const split = splitFrontMatter(text);
      if (!split) return { values: {}, body: text, bodyLine: 1, error: null };
      return { values: readValues(split.frontMatter) ?? {}, body: split.body, bodyLine: split.bodyLine, error: null };
    }
    return { values: readValues(text) ?? (form === 'list' ? [] : {}), body: null, bodyLine: 1, error: null };
  } catch (e) {
    return { values: null, body: null, bodyLine: 1, error: e instanceof Error ? e.message : String(e) };
  }
}

function yamlOp(yaml: string, op: Exclude<Op, { op: 'body' }>): string {
  switch (op.op) {
    case 'set':
      return setValue(yaml, op.path, op.value);
    case 'delete':
      return deleteKey(yaml, op.path);
    case 'insert':
      return insertListItem(yaml, op.path, op.index, op.value);
    case 'remove':
      return removeListItem(yaml, op.path, op.index);
    case 'move':
      return moveListItem(yaml, op.path, op.from, op.to);
  }
}

/** The file's text after `op`; throws (yaml-edit's Error) when the edit cannot be made. */
export function applyOp(text: string, form: Form, op: Op): string {
  if (op.op === 'body') return setBody(text, op.body);
  if (form === 'markdown') return editFrontMatter(text, (yaml) => yamlOp(yaml, op));
  return yamlOp(text, op);
}

/** A text edit in characters (code points) from the start of the file: a lint's fix. */
export function applyFix(text: string, fix: { from: number; to: number; insert: string }): string {
  const chars = [...text];
  return chars.slice(0, fix.from).join('') + fix.insert + chars.slice(fix.to).join('');
}

/** The path a file's line belongs to (front matter field, body, list item...), or null. */
export function pathOfLine(text: string, form: Form, line: number, bodyName: string | null): Path | null {
  if (isTextForm(form)) return null;
  try {
    if (form === 'markdown') {
      const p = pathAtFileLine(text, line);
      if (p && p.length === 1 && p[0] === 'body' && bodyName) return [bodyName];
      return p;
    }
    return pathAtLine(text, line);
  } catch {
    return null;
  }
}

/** What a new item of a list starts as: its required fields, with empty or first values. */
export function newValue(field: Field, refs: Record<string, string[]>): unknown {
  switch (field.type) {
    case 'text':
    case 'markdown':
      return '';
    case 'number':
      return field.min ?? 0;
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'boolean':
      return false;
    case 'enum':
      return field.values?.[0] ?? '';
    case 'ref':
      return (field.to !== undefined ? refs[field.to]?.[0] : undefined) ?? '';
    case 'list':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, f] of Object.entries(field.fields ?? {})) if (f.required) out[name] = newValue(f, refs);
      return out;
    }
  }
}

export function itemField(list: Field): Field {
  return list.of ?? TEXT_FIELD;
}

/** The value at `path` in `values`. */
export function valueAt(values: unknown, path: readonly (string | number)[]): unknown {
  let cur = values;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}
