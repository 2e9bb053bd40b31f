// The form generated from a collection's declaration: one control per field type, each change
// an Op on the file's text. Every control has a label, and aria-invalid + aria-describedby point
// at its messages.
import { useId, useState, type ReactNode } from 'react';
import type { Field } from '../api';
import { valueAt } from '../doc';
import { useI18n } from '../i18n';
import { fieldLabel } from '../labels';
import { pathKey, type Path } from '../validate';
import { domId, useForm, type FieldMessage } from './form-context';
import { ListField } from './list-field';
import { PhotoButton } from './photo-button';

/** The direction of a text's first strong character, if it has one (else the pane's stays). */
export function textDirection(text: string): 'rtl' | 'ltr' | undefined {
  const m = /[\p{L}]/u.exec(text);
  if (!m) return undefined;
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(m[0]) ? 'rtl' : 'ltr';
}

const LONG_NAMES = new Set(['description', 'answer', 'content', 'excerpt', 'summary', 'passage', 'notes']);

export function Messages({ id, messages }: { id: string; messages: FieldMessage[] }) {
  const { t, ui } = useI18n();
  if (messages.length === 0) return null;
  return (
    <ul className="field-messages" id={id} {...ui}>
      {messages.map((m, i) => (
        <li key={i} className={`msg msg-${m.severity}`}>
          <span className="msg-icon" aria-hidden="true">
            {m.severity === 'error' ? '⛔' : '⚠'}
          </span>{' '}
          <span dir="auto">{m.text}</span>
          {m.help && (
            <span className="msg-help" dir="auto">
              {' '}
              {t('entry.help', { help: m.help })}
            </span>
          )}
          {m.fix && (
            <>
              {' '}
              <button type="button" className="btn btn-small" onClick={m.fix}>
                {t('lint.applyFix')}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The ids and flags of a control at `path`. */
export function useControl(path: Path) {
  const ctx = useForm();
  const key = pathKey(path);
  const id = domId(ctx.idPrefix, key);
  const messages = ctx.messages(key);
  const msgId = `${id}-msg`;
  const invalid = messages.some((m) => m.severity === 'error');
  return { ctx, key, id, msgId, messages, invalid, describedBy: messages.length > 0 ? msgId : undefined };
}

function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required?: boolean }) {
  const { t, ui } = useI18n();
  return (
    <label htmlFor={htmlFor} className="field-label" {...ui}>
      {text}
      {required && <span className="required"> {t('field.required')}</span>}
    </label>
  );
}

export function isImageObject(field: Field): boolean {
  return field.type === 'object' && field.fields?.src !== undefined && field.fields?.alt !== undefined;
}

/** A scalar's control alone (used by fields and by a list's rows). */
export function ScalarControl({ field, path, label, labelledBy }: { field: Field; path: Path; label?: string; labelledBy?: string }) {
  const { ctx, id, invalid, describedBy } = useControl(path);
  const { t } = useI18n();
  const value = valueAt(ctx.values, path);
  const name = String(path.at(-1) ?? '');
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-label': label,
    'aria-labelledby': labelledBy,
  };
  const setOrDelete = (v: string | number | boolean | null) => {
    if (v === null || v === '') {
      // A required field emptied keeps its line (`title: ""`, as a new entry's template has it):
      // retyped, it stays where it was, and sahel's "empty" is said at it, not at the next line.
      if (typeof path.at(-1) === 'number' || field.required) ctx.op({ op: 'set', path, value: '' });
      else ctx.op({ op: 'delete', path });
    } else ctx.op({ op: 'set', path, value: v });
  };
  const str = value === undefined || value === null ? '' : String(value);
  const [long] = useState(() => field.type === 'text' && (field.max === undefined || field.max > 200) && (str.length > 70 || str.includes('\n') || LONG_NAMES.has(name)));

  switch (field.type) {
    case 'boolean':
      return <input {...common} type="checkbox" checked={value === true} onChange={(e) => ctx.op({ op: 'set', path, value: e.target.checked })} />;
    case 'number':
      return (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
          onChange={(e) => {
            const raw = e.target.value;
            const n = Number(raw);
            setOrDelete(raw === '' ? null : Number.isFinite(n) ? n : raw);
          }}
        />
      );
    case 'date': {
      const isoDate = /^\d{4}-\d{2}-\d{2}$/.test(str) || str === '';
      return <input {...common} type={isoDate ? 'date' : 'text'} value={str} onChange={(e) => setOrDelete(e.target.value)} />;
    }
    case 'enum':
    case 'ref': {
      const options = field.type === 'enum' ? (field.values ?? []) : field.to !== undefined ? (ctx.refs[field.to] ?? []) : [];
      const all = str !== '' && !options.includes(str) ? [str, ...options] : options;
      return (
        <select {...common} value={str} onChange={(e) => setOrDelete(e.target.value)}>
          {(!field.required || str === '') && <option value="">{t('field.none')}</option>}
          {all.map((o) => (
            <option key={o} value={o} dir="auto">
              {o}
            </option>
          ))}
        </select>
      );
    }
    default:
      if (long) return <textarea {...common} dir={textDirection(str)} rows={Math.min(12, Math.max(3, Math.ceil(str.length / 60)))} value={str} onChange={(e) => setOrDelete(e.target.value)} />;
      return <input {...common} type="text" dir={textDirection(str)} value={str} onChange={(e) => setOrDelete(e.target.value)} />;
  }
}

export function FieldControl({ name, field, path }: { name: string; field: Field; path: Path }) {
  const { ctx, id, msgId, messages, invalid, describedBy } = useControl(path);
  const { lang, ui } = useI18n();
  const label = fieldLabel(lang, name);
  const legendId = useId();
  let body: ReactNode;
  switch (field.type) {
    case 'markdown':
      return (
        <div className="field field-markdown">
          <span className="field-label" id={`${id}-label`} {...ui}>
            {label}
          </span>
          {ctx.renderBody(name, id, describedBy, invalid)}
          <Messages id={msgId} messages={messages} />
        </div>
      );
    case 'list':
      return <ListField name={name} field={field} path={path} />;
    case 'object':
      body = (
        <fieldset className="field-group" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
          <legend id={legendId} {...ui}>
            {label}
            {field.required && <RequiredMark />}
          </legend>
          <Messages id={msgId} messages={messages} />
          {isImageObject(field) && <PhotoButton onFile={(file) => ctx.photo(path, file)} current={String(valueAt(ctx.values, [...path, 'src']) ?? '')} />}
          <Fields fields={field.fields ?? {}} path={path} />
        </fieldset>
      );
      return body;
    case 'boolean':
      return (
        <div className="field field-boolean">
          <ScalarControl field={field} path={path} />
          <Label htmlFor={id} text={label} />
          <Messages id={msgId} messages={messages} />
        </div>
      );
    default:
      return (
        <div className="field">
          <Label htmlFor={id} text={label} required={field.required} />
          <ScalarControl field={field} path={path} />
          <Messages id={msgId} messages={messages} />
        </div>
      );
  }
}

function RequiredMark() {
  const { t } = useI18n();
  return <span className="required"> {t('field.required')}</span>;
}

/** The declared fields in the order the file writes them (the declaration's own order is not
 * in /site, whose maps are sorted), then the ones it lacks; a Markdown body last. */
export function orderedFields(fields: Record<string, Field>, values: unknown): [string, Field][] {
  const written = values !== null && typeof values === 'object' && !Array.isArray(values) ? Object.keys(values) : [];
  const names = [...written.filter((k) => k in fields), ...Object.keys(fields).filter((k) => !written.includes(k))];
  const out = names.map((n): [string, Field] => [n, fields[n] as Field]);
  return [...out.filter(([, f]) => f.type !== 'markdown'), ...out.filter(([, f]) => f.type === 'markdown')];
}

export function Fields({ fields, path }: { fields: Record<string, Field>; path: Path }) {
  const { values } = useForm();
  return (
    <>
      {orderedFields(fields, valueAt(values, path)).map(([name, f]) => (
        <FieldControl key={name} name={name} field={f} path={[...path, name]} />
      ))}
    </>
  );
}
