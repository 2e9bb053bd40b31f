// One language's file of an entry: its form (or its text, for strings and raw files), the
// messages at each field, its translation state. The pane holds no text of its own: every change
// comes back to the entry as the file's new text.
import { useCallback, useMemo, type Ref } from 'react';
import type { CollectionInfo, Diagnostic, Language, Unit } from '../api';
import { applyFix, applyOp, bodyFieldName, isTextForm, pathOfLine, readDoc, type Op } from '../doc';
import type { DraftFile } from '../drafts';
import { useI18n } from '../i18n';
import { collectionLabel } from '../labels';
import { declaredPath, issueMessage, pathKey, validateDocument, type Path } from '../validate';
import { CodeEditor, type CodeEditorHandle, type LineDiagnostic } from './code-editor';
import { Fields, Messages } from './fields';
import { FormContext, domId, type FieldMessage, type FormContextValue } from './form-context';
import { ListField } from './list-field';
import { PhotoButton } from './photo-button';
import { useAnnounce } from './status';
import { TranslationPanel } from './translation-panel';

export const SCRIPT_FONT_CLASS = (dir: 'rtl' | 'ltr') => (dir === 'rtl' ? 'font-arabic' : 'font-latin');

interface Props {
  language: Language;
  collection: CollectionInfo;
  file: DraftFile;
  refs: Record<string, string[]>;
  diagnostics: Diagnostic[];
  units: Unit[];
  source: Language | null;
  hidden: boolean;
  onText: (text: string) => void;
  onFocus: () => void;
  onStartFrom: () => void;
  onMark: () => void;
  marking: boolean;
  onPhoto: (path: Path, file: File) => void;
  onBodyPhoto: (file: File) => void;
  editorHandle: Ref<CodeEditorHandle>;
}

interface Mapped {
  byKey: Map<string, FieldMessage[]>;
  body: LineDiagnostic[];
  unmapped: (FieldMessage & { line: number | null })[];
}

export function LanguagePane(props: Props) {
  const { language, collection, file, refs, diagnostics, units, source, hidden, onText, onFocus, editorHandle } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const announce = useAnnounce();
  const text = file.text;
  const form = collection.form;
  const textForm = isTextForm(form);
  const bodyName = bodyFieldName(collection.fields);
  const doc = useMemo(() => (text === null ? null : readDoc(text, form)), [text, form]);
  const asList = form === 'list';
  const idPrefix = `pane-${language.code}`;

  const issues = useMemo(() => {
    if (!doc || doc.values === null || textForm) return new Map();
    const values = bodyName && !asList ? { ...(doc.values as Record<string, unknown>), [bodyName]: doc.body ?? '' } : doc.values;
    return validateDocument(collection.fields, values, asList, refs);
  }, [doc, textForm, bodyName, asList, collection.fields, refs]);

  const fix = useCallback(
    (f: Diagnostic['fix']) => (f && text !== null ? () => onText(applyFix(text, f)) : undefined),
    [text, onText],
  );

  const mapped = useMemo<Mapped>(() => {
    const out: Mapped = { byKey: new Map(), body: [], unmapped: [] };
    if (text === null) return out;
    for (const d of diagnostics) {
      const msg: FieldMessage = { text: d.message, severity: d.severity, help: d.help, fix: fix(d.fix) };
      const sameFile = d.path === file.path;
      if (sameFile && d.line !== null && (textForm || doc?.error)) {
        out.body.push({ line: d.line, column: d.column, severity: d.severity, message: d.message, help: d.help, applyFix: msg.fix });
        continue;
      }
      const path = sameFile && d.line !== null ? pathOfLine(text, form, d.line, bodyName) : null;
      const key = path ? declaredPath(collection.fields, asList, path) : [];
      if (bodyName && key.length === 1 && key[0] === bodyName && d.line !== null && doc) {
        out.body.push({ line: d.line - doc.bodyLine + 1, column: d.column, severity: d.severity, message: d.message, help: d.help, applyFix: msg.fix });
        continue;
      }
      if (key.length === 0) {
        out.unmapped.push({ ...msg, line: d.line });
        continue;
      }
      const k = pathKey(key);
      out.byKey.set(k, [...(out.byKey.get(k) ?? []), msg]);
    }
    return out;
  }, [diagnostics, text, file.path, textForm, doc, form, bodyName, collection.fields, asList, fix]);

  const op = useCallback(
    (o: Op) => {
      if (text === null) return;
      try {
        onText(applyOp(text, form, o));
      } catch (e) {
        announce(e instanceof Error ? e.message : String(e), 'error');
      }
    },
    [text, form, onText, announce],
  );

  const ctx = useMemo<FormContextValue>(
    () => ({
      lang: language.code,
      dir: language.dir,
      idPrefix,
      refs,
      values: doc?.values ?? null,
      messages: (key) => [...(issues.get(key) ?? []).map((i: Parameters<typeof issueMessage>[1]) => ({ text: issueMessage(i18n, i), severity: 'error' as const })), ...(mapped.byKey.get(key) ?? [])],
      op,
      photo: props.onPhoto,
      renderBody: (_name, _id, describedBy, invalid) => (
        <div className="body-editor">
          <div className="toolbar" role="toolbar" aria-label={t('body.toolbar')}>
            <PhotoButton compact onFile={props.onBodyPhoto} />
          </div>
          <CodeEditor
            handle={editorHandle}
            value={doc?.body ?? ''}
            onChange={(body) => op({ op: 'body', body })}
            mode="markdown"
            lang={language.code}
            dir={language.dir}
            label={`${t('body.label')} (${language.name})`}
            describedBy={describedBy}
            invalid={invalid}
            diagnostics={mapped.body}
            onFocus={onFocus}
          />
        </div>
      ),
    }),
    [language, idPrefix, refs, doc, issues, mapped, op, i18n, t, props.onPhoto, props.onBodyPhoto, editorHandle, onFocus],
  );

  const paneMsgId = domId(idPrefix, '__unmapped');
  return (
    <section
      className={`pane ${SCRIPT_FONT_CLASS(language.dir)}`}
      lang={language.code}
      dir={language.dir}
      hidden={hidden}
      aria-label={language.name}
      onFocus={onFocus}
      data-lang={language.code}
    >
      <h2 className="pane-title">
        {language.name}
        <span className="pane-file" dir="ltr">
          {file.path}
        </span>
      </h2>
      <TranslationPanel units={units} lang={language.code} onMark={props.onMark} busy={props.marking} />
      {mapped.unmapped.length > 0 && (
        <div className="pane-problems" role="group" aria-label={t('entry.problems')} {...i18n.ui}>
          <h3 className="panel-title">{t('entry.problems')}</h3>
          <Messages id={paneMsgId} messages={mapped.unmapped.map((m) => ({ ...m, text: m.line !== null ? `${t('entry.line', { line: m.line })}: ${m.text}` : m.text }))} />
        </div>
      )}
      {text === null ? (
        <div className="missing-file" {...i18n.ui}>
          <p>{t('entry.missingFile', { language: language.name })}</p>
          {source && source.code !== language.code && (
            <button type="button" className="btn" onClick={props.onStartFrom}>
              {t('entry.startFrom', { language: source.name })}
            </button>
          )}
        </div>
      ) : textForm || doc?.error ? (
        <div className="field">
          {doc?.error && <Messages id={`${paneMsgId}-yaml`} messages={[{ text: doc.error, severity: 'error' }]} />}
          <p className="muted" {...i18n.ui}>
            {t('entry.rawHelp')}
          </p>
          <CodeEditor
            handle={editorHandle}
            value={text}
            onChange={onText}
            mode={form === 'strings' ? 'json' : form === 'markdown' ? 'markdown' : 'yaml'}
            lang={language.code}
            dir={language.dir}
            label={t('entry.textEditor', { file: file.path })}
            diagnostics={mapped.body}
            lineNumbers
            onFocus={onFocus}
          />
        </div>
      ) : (
        <FormContext.Provider value={ctx}>
          <div className="form">{asList ? <ListField name={collection.name} label={collectionLabel(i18n.lang, collection.name)} field={{ type: 'list', of: { type: 'object', fields: collection.fields } }} path={[]} /> : <Fields fields={collection.fields} path={[]} />}</div>
        </FormContext.Provider>
      )}
    </section>
  );
}
