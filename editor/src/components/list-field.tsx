// A list field: rows of scalars (a service's requirements) or groups of fields (the FAQ's items,
// the pricing plans), each added, removed and moved with real buttons.
import type { Field } from '../api';
import { itemField, newValue, valueAt } from '../doc';
import { useI18n } from '../i18n';
import { fieldLabel } from '../labels';
import type { Path } from '../validate';
import { Fields, Messages, ScalarControl, useControl } from './fields';

function ItemButtons({ index, count, path, itemName }: { index: number; count: number; path: Path; itemName: string }) {
  const { t } = useI18n();
  const { ctx } = useControl(path);
  return (
    <span className="item-buttons">
      <button type="button" className="btn btn-icon" disabled={index === 0} aria-label={`${t('field.moveUp')}: ${itemName}`} title={t('field.moveUp')} onClick={() => ctx.op({ op: 'move', path, from: index, to: index - 1 })}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className="btn btn-icon" disabled={index === count - 1} aria-label={`${t('field.moveDown')}: ${itemName}`} title={t('field.moveDown')} onClick={() => ctx.op({ op: 'move', path, from: index, to: index + 1 })}>
        <span aria-hidden="true">↓</span>
      </button>
      <button type="button" className="btn btn-icon btn-danger" aria-label={`${t('field.remove')}: ${itemName}`} title={t('field.remove')} onClick={() => ctx.op({ op: 'remove', path, index })}>
        <span aria-hidden="true">✕</span>
      </button>
    </span>
  );
}

/** A short title for an item group: its first non-empty text field, in the file's order. */
function itemTitle(item: unknown, of: Field): string {
  if (item === null || typeof item !== 'object') return '';
  for (const [name, v] of Object.entries(item as Record<string, unknown>)) {
    const f = of.fields?.[name];
    if (f?.type === 'text' && typeof v === 'string' && v.trim() !== '' && name !== 'id') return v.length > 60 ? `${v.slice(0, 60)}…` : v;
  }
  const id = (item as Record<string, unknown>).id;
  return typeof id === 'string' ? id : '';
}

export function ListField({ name, field, path, label: givenLabel }: { name: string; field: Field; path: Path; label?: string }) {
  const { ctx, id, msgId, messages, invalid, describedBy } = useControl(path);
  const { t, lang, ui } = useI18n();
  const label = givenLabel ?? fieldLabel(lang, name);
  const raw = valueAt(ctx.values, path);
  const items = Array.isArray(raw) ? (raw as unknown[]) : [];
  const of = itemField(field);
  const add = () => ctx.op({ op: 'insert', path, index: items.length, value: newValue(of, ctx.refs) });
  const legendId = `${id}-legend`;
  return (
    <fieldset className={`field-group field-list${invalid ? ' is-invalid' : ''}`} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend id={legendId} {...ui}>
        {label}
        {field.required && <span className="required"> {t('field.required')}</span>}
      </legend>
      <Messages id={msgId} messages={messages} />
      {items.length === 0 && (
        <p className="muted" {...ui}>
          {t('field.noItems')}
        </p>
      )}
      {of.type === 'object' ? (
        <ol className="item-groups">
          {items.map((item, i) => {
            const n = i + 1;
            const title = itemTitle(item, of);
            const itemName = `${t('field.item', { n })}${title ? ` — ${title}` : ''}`;
            const itemLabel = t('field.item', { n });
            return (
              <li key={i} className="item-group">
                <div className="item-head">
                  <h3 className="item-title" {...ui}>
                    {itemLabel}
                    {title && (
                      <>
                        {' — '}
                        <bdi>{title}</bdi>
                      </>
                    )}
                  </h3>
                  <ItemButtons index={i} count={items.length} path={path} itemName={itemName} />
                </div>
                <ItemMessages path={[...path, i]} />
                <Fields fields={of.fields ?? {}} path={[...path, i]} />
              </li>
            );
          })}
        </ol>
      ) : (
        <ol className="item-rows">
          {items.map((_, i) => {
            const n = i + 1;
            const rowLabel = t('field.row', { field: label, n });
            return (
              <li key={i} className="item-row">
                {of.type === 'list' ? (
                  <ListField name={name} field={of} path={[...path, i]} label={rowLabel} />
                ) : (
                  <>
                    <span className="row-number" aria-hidden="true">
                      {n}
                    </span>
                    <ScalarControl field={of} path={[...path, i]} label={rowLabel} />
                    <ItemButtons index={i} count={items.length} path={path} itemName={rowLabel} />
                    <ItemMessages path={[...path, i]} />
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <button type="button" className="btn btn-add" onClick={add} {...ui}>
        <span aria-hidden="true">+ </span>
        {t('field.addItem', { field: label })}
      </button>
    </fieldset>
  );
}

function ItemMessages({ path }: { path: Path }) {
  const { msgId, messages } = useControl(path);
  return <Messages id={msgId} messages={messages} />;
}
