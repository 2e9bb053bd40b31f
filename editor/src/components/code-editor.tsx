// CodeMirror 6 for a Markdown body or a whole file (JSON strings, raw YAML): each line takes its
// own direction (perLineTextDirection), lines wrap, history and the lint gutter are on, and sahel's
// diagnostics show at their line with an "Apply fix" action when the lint offers one. Tab is left
// to move focus (Escape then Tab also leaves, CodeMirror's own rule), so the page stays keyboard
// usable.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { yaml } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { Annotation, EditorState, RangeSetBuilder, type Text } from '@codemirror/state';
import { Decoration, EditorView, keymap, lineNumbers, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useI18n } from '../i18n';
import { installAdoptedStyles } from './adopted-styles';

installAdoptedStyles();

export interface LineDiagnostic {
  /** 1-based line in this editor's text. */
  line: number;
  column: number | null;
  severity: 'error' | 'warning';
  message: string;
  help: string | null;
  /** Applies the diagnostic's fix (to the whole file: the caller knows where it is). */
  applyFix?: () => void;
}

export interface CodeEditorHandle {
  insertAtCursor(text: string): void;
  focus(): void;
}

const External = Annotation.define<boolean>();

// perLineTextDirection reads each line's direction from its element: `dir="auto"` on every line
// makes it the line's first strong character's (an Arabic paragraph, an English heading, a YAML
// key), a line without one keeping the editor's.
const autoDirection = Decoration.line({ attributes: { dir: 'auto' } });

function lineDirections(view: EditorView): DecorationSet {
  const b = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const line = view.state.doc.lineAt(pos);
      b.add(line.from, line.from, autoDirection);
      pos = line.to + 1;
    }
  }
  return b.finish();
}

const autoLineDirection = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = lineDirections(view);
    }
    update(u: ViewUpdate) {
      if (u.docChanged || u.viewportChanged) this.decorations = lineDirections(u.view);
    }
  },
  { decorations: (v) => v.decorations },
);

/** The offset of a 1-based line and character column (code points) in a CodeMirror document. */
export function positionOf(doc: Text, line: number, column: number | null): { from: number; to: number } {
  const n = Math.min(Math.max(1, line), doc.lines);
  const l = doc.line(n);
  if (column === null || column <= 1) return { from: l.from, to: l.to };
  let offset = 0;
  let chars = 0;
  for (const ch of l.text) {
    if (chars >= column - 1) break;
    offset += ch.length;
    chars++;
  }
  return { from: l.from + offset, to: l.to };
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  mode: 'markdown' | 'json' | 'yaml';
  lang: string;
  dir: 'rtl' | 'ltr';
  label: string;
  describedBy?: string;
  invalid?: boolean;
  diagnostics: LineDiagnostic[];
  lineNumbers?: boolean;
  onFocus?: () => void;
  handle?: Ref<CodeEditorHandle>;
}

export function CodeEditor({ value, onChange, mode, lang, dir, label, describedBy, invalid, diagnostics, lineNumbers: numbers, onFocus, handle }: Props) {
  const i18n = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changeRef = useRef(onChange);
  const focusRef = useRef(onFocus);
  useEffect(() => {
    changeRef.current = onChange;
    focusRef.current = onFocus;
  });

  useImperativeHandle(handle, () => ({
    insertAtCursor(text: string) {
      const v = view.current;
      if (!v) return;
      const { from, to } = v.state.selection.main;
      v.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length }, scrollIntoView: true });
      v.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  useEffect(() => {
    if (!host.current) return;
    const language = mode === 'markdown' ? markdown({ base: markdownLanguage }) : mode === 'json' ? json() : yaml();
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          ...(numbers ? [lineNumbers()] : []),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          EditorView.perLineTextDirection.of(true),
          autoLineDirection,
          language,
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          lintGutter(),
          EditorView.contentAttributes.of({ 'aria-label': label, lang, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((tr) => tr.annotation(External))) changeRef.current(u.state.doc.toString());
            if (u.focusChanged && u.view.hasFocus) focusRef.current?.();
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is made once per mode; value, label and diagnostics are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, numbers]);

  // A change from outside (a fix, a photo, a restored draft, their version): replace the text.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current === value) return;
    let start = 0;
    while (start < current.length && start < value.length && current[start] === value[start]) start++;
    let endA = current.length;
    let endB = value.length;
    while (endA > start && endB > start && current[endA - 1] === value[endB - 1]) {
      endA--;
      endB--;
    }
    v.dispatch({ changes: { from: start, to: endA, insert: value.slice(start, endB) }, annotations: External.of(true) });
  }, [value]);

  useEffect(() => {
    const content = view.current?.contentDOM;
    if (!content) return;
    content.setAttribute('aria-label', label);
    if (describedBy) content.setAttribute('aria-describedby', describedBy);
    else content.removeAttribute('aria-describedby');
    if (invalid) content.setAttribute('aria-invalid', 'true');
    else content.removeAttribute('aria-invalid');
  }, [label, describedBy, invalid, mode, numbers]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const doc = v.state.doc;
    const list: CmDiagnostic[] = diagnostics.map((d) => {
      const { from, to } = positionOf(doc, d.line, d.column);
      const fix = d.applyFix;
      return {
        from,
        to,
        severity: d.severity,
        message: d.help ? `${d.message}\n${i18n.t('entry.help', { help: d.help })}` : d.message,
        actions: fix ? [{ name: i18n.t('lint.applyFix'), apply: () => fix() }] : undefined,
      };
    });
    v.dispatch(setDiagnostics(v.state, list));
  }, [diagnostics, i18n, value, mode, numbers]);

  return <div ref={host} className={`code-editor${invalid ? ' is-invalid' : ''}`} dir={dir} lang={lang} />;
}
