import { createContext } from 'react';
import type { Lang } from '@/shared/page-data';

export interface LanguageState {
  /** The language on screen: the path's prefix, kept when a path has no language prefix. */
  language: Lang;
  /** Shows the same page in another language (swaps the path's prefix, keeps the rest). */
  switchLanguage: (to: Lang) => void;
  /** Whether the assistant panel is open. */
  assistantOpen: boolean;
  /** Opens or closes the assistant panel (`true`/`false`), or flips it when called without a value. */
  toggleAssistant: (open?: boolean) => void;
}

export const LanguageContext = createContext<LanguageState | null>(null);
