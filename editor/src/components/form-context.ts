// What every field of one language's form shares: where its values come from, how a change is
// made (an Op on the file's text), and the messages at each field (instant checks and sahel's).
import { createContext, useContext, type ReactNode } from 'react';
import type { Op } from '../doc';
import type { Path } from '../validate';

export interface FieldMessage {
  text: string;
  severity: 'error' | 'warning';
  help?: string | null;
  /** Applies the lint's fix, when it offers one. */
  fix?: () => void;
}

export interface FormContextValue {
  /** The pane's language and direction. */
  lang: string;
  dir: 'rtl' | 'ltr';
  /** Makes ids unique to the pane. */
  idPrefix: string;
  refs: Record<string, string[]>;
  values: unknown;
  messages: (key: string) => FieldMessage[];
  op: (op: Op) => void;
  /** A photo chosen for an image object (src + alt) at `path`. */
  photo: (path: Path, file: File) => void;
  /** The Markdown body's editor. */
  renderBody: (name: string, id: string, describedBy: string | undefined, invalid: boolean) => ReactNode;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('useForm outside a FormContext');
  return ctx;
}

export function domId(prefix: string, key: string): string {
  return `${prefix}-${key === '' ? 'root' : key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
