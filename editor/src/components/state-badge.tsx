// A translation's state as a badge: its text says it (colour and shape only repeat it).
import type { TranslationState } from '../api';
import { useI18n, type Key } from '../i18n';

const TEXT: Record<TranslationState, Key> = {
  fresh: 'state.fresh',
  stale: 'state.stale',
  missing: 'state.missing',
  unrecorded: 'state.unrecorded',
  source: 'state.source',
};

const ICON: Record<TranslationState, string> = { fresh: '✓', stale: '↻', missing: '∅', unrecorded: '?', source: '★' };

export function StateBadge({ state, language }: { state: TranslationState; language?: string }) {
  const { t } = useI18n();
  const text = t(TEXT[state]);
  return (
    <span className={`badge state-${state}`} data-state={state}>
      <span aria-hidden="true" className="badge-icon">
        {ICON[state]}
      </span>{' '}
      {language !== undefined ? t('state.label', { language, state: text }) : text}
    </span>
  );
}

export function needsTranslating(state: TranslationState): boolean {
  return state === 'stale' || state === 'missing' || state === 'unrecorded';
}
