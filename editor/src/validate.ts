// Instant checks from a collection's declaration (api.ts `Field`), run in the browser on every
// change: what `check` would refuse about one field (required, lengths, values, counts, enum,
// references, onlyOne). The server's diagnostics (POST /check) still decide; these come first.
import type { Field } from './api';
import type { I18n, Key } from './i18n';
import { fieldLabel } from './labels';

export type Path = (string | number)[];

export interface Issue {
  code: 'required' | 'minLength' | 'maxLength' | 'min' | 'max' | 'minCount' | 'maxCount' | 'enum' | 'onlyOne' | 'number' | 'date' | 'ref';
  min?: number;
  max?: number;
  count?: number;
  /** The field's name, for onlyOne. */
  field?: string;
}

export type Issues = Map<string, Issue[]>;

export function pathKey(path: readonly (string | number)[]): string {
  return path.join('.');
}

const MESSAGE: Record<Issue['code'], Key> = {
  required: 'valid.required',
  minLength: 'valid.minLength',
  maxLength: 'valid.maxLength',
  min: 'valid.min',
  max: 'valid.max',
  minCount: 'valid.minCount',
  maxCount: 'valid.maxCount',
  enum: 'valid.enum',
  onlyOne: 'valid.onlyOne',
  number: 'valid.number',
  date: 'valid.date',
  ref: 'valid.ref',
};

export function issueMessage(i18n: I18n, issue: Issue): string {
  const vars: Record<string, string | number> = {};
  if (issue.min !== undefined) vars.min = issue.min;
  if (issue.max !== undefined) vars.max = issue.max;
  // Plural forms follow the bound the message names; `now` is the current length or count.
  vars.count = issue.min ?? issue.max ?? 0;
  vars.now = issue.count ?? 0;
  if (issue.field !== undefined) vars.field = fieldLabel(i18n.lang, issue.field);
  return i18n.t(MESSAGE[issue.code], vars);
}

function isMissing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** A text's length in characters (code points), as sahel counts it. */
export function charLength(s: string): number {
  return [...s].length;
}

function add(out: Issues, path: Path, issue: Issue): void {
  const k = pathKey(path);
  const list = out.get(k);
  if (list) list.push(issue);
  else out.set(k, [issue]);
}

export const TEXT_FIELD: Field = { type: 'text' };

export function validateField(field: Field, value: unknown, path: Path, refs: Record<string, string[]>, out: Issues): void {
  if (isMissing(value)) {
    if (field.required && field.type !== 'boolean') add(out, path, { code: 'required' });
    return;
  }
  switch (field.type) {
    case 'text':
    case 'markdown': {
      const len = charLength(String(value));
      if (field.min !== undefined && len < field.min) add(out, path, { code: 'minLength', min: field.min, count: len });
      if (field.max !== undefined && len > field.max) add(out, path, { code: 'maxLength', max: field.max, count: len });
      break;
    }
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (typeof value === 'boolean' || !Number.isFinite(n)) {
        add(out, path, { code: 'number' });
        break;
      }
      if (field.min !== undefined && n < field.min) add(out, path, { code: 'min', min: field.min });
      if (field.max !== undefined && n > field.max) add(out, path, { code: 'max', max: field.max });
      break;
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(value)) || Number.isNaN(Date.parse(String(value)))) add(out, path, { code: 'date' });
      break;
    case 'enum':
      if (!(field.values ?? []).includes(String(value))) add(out, path, { code: 'enum' });
      break;
    case 'ref': {
      const ids = field.to !== undefined ? refs[field.to] : undefined;
      if (ids && !ids.includes(String(value))) add(out, path, { code: 'ref' });
      break;
    }
    case 'boolean':
      break;
    case 'object':
      if (typeof value === 'object' && !Array.isArray(value)) validateFields(field.fields ?? {}, value as Record<string, unknown>, path, refs, out);
      break;
    case 'list': {
      const items = Array.isArray(value) ? (value as unknown[]) : [];
      if (field.min !== undefined && items.length < field.min) add(out, path, { code: 'minCount', min: field.min, count: items.length });
      if (field.max !== undefined && items.length > field.max) add(out, path, { code: 'maxCount', max: field.max, count: items.length });
      validateList(field.of ?? TEXT_FIELD, items, path, refs, out);
      break;
    }
  }
}

/** A list's items, and its items' onlyOne fields across the list. */
export function validateList(of: Field, items: readonly unknown[], path: Path, refs: Record<string, string[]>, out: Issues): void {
  items.forEach((item, i) => validateField(of, item, [...path, i], refs, out));
  if (of.type !== 'object') return;
  for (const [name, f] of Object.entries(of.fields ?? {})) {
    if (!f.onlyOne) continue;
    const on = items.flatMap((item, i) => (item !== null && typeof item === 'object' && (item as Record<string, unknown>)[name] === true ? [i] : []));
    if (on.length > 1) for (const i of on) add(out, [...path, i, name], { code: 'onlyOne', field: name });
  }
}

export function validateFields(fields: Record<string, Field>, values: Record<string, unknown>, path: Path, refs: Record<string, string[]>, out: Issues): void {
  for (const [name, f] of Object.entries(fields)) validateField(f, values[name], [...path, name], refs, out);
}

/** A document's issues: an object of `fields`, or (for a `list` collection) a list of them. */
export function validateDocument(fields: Record<string, Field>, values: unknown, asList: boolean, refs: Record<string, string[]>): Issues {
  const out: Issues = new Map();
  if (asList) validateList({ type: 'object', fields }, Array.isArray(values) ? values : [], [], refs, out);
  else validateFields(fields, values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {}, [], refs, out);
  return out;
}

/** The deepest path of the declaration that `path` reaches: the field a diagnostic belongs to. */
export function declaredPath(fields: Record<string, Field>, asList: boolean, path: readonly (string | number)[]): Path {
  const out: Path = [];
  let rest = [...path];
  let current: Field | undefined = asList ? { type: 'list', of: { type: 'object', fields } } : { type: 'object', fields };
  while (rest.length > 0 && current) {
    const head = rest[0];
    if (current.type === 'list' && typeof head === 'number') {
      out.push(head);
      current = current.of ?? TEXT_FIELD;
    } else if (current.type === 'object' && typeof head === 'string' && current.fields?.[head]) {
      out.push(head);
      current = current.fields[head];
    } else {
      break;
    }
    rest = rest.slice(1);
  }
  return out;
}
