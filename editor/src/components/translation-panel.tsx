// A language's translation state, unit by unit: what fell behind its source, the source's diff
// since the translation was marked, and "Mark as translated".
import type { Unit } from '../api';
import { useI18n, type Key } from '../i18n';
import { DiffView } from './diff-view';
import { StateBadge } from './state-badge';

const EXPLAIN: Partial<Record<string, Key>> = { stale: 'units.stale', missing: 'units.missing', unrecorded: 'units.unrecorded' };

export function TranslationPanel({ units, lang, onMark, busy }: { units: Unit[]; lang: string; onMark: () => void; busy: boolean }) {
  const { t, ui } = useI18n();
  const mine = units.filter((u) => u.source !== lang && u.states[lang] !== undefined);
  if (mine.length === 0) return null;
  const behind = mine.filter((u) => u.states[lang] !== 'fresh' && u.states[lang] !== 'source');
  const markable = behind.some((u) => u.states[lang] === 'stale' || u.states[lang] === 'unrecorded');
  return (
    <section className="translation-panel" aria-label={t('units.heading')} {...ui}>
      <h3 className="panel-title">{t('units.heading')}</h3>
      {behind.length === 0 ? (
        <p className="muted">
          <StateBadge state="fresh" /> {t('units.fresh')}
        </p>
      ) : (
        <ul className="units">
          {behind.map((u) => {
            const state = u.states[lang] ?? 'missing';
            const explain = EXPLAIN[state];
            return (
              <li key={u.key} className="unit">
                <div className="unit-head">
                  <code className="unit-key" dir="ltr">
                    {u.key}
                  </code>{' '}
                  <StateBadge state={state} />
                </div>
                {explain && <p className="unit-explain">{t(explain)}</p>}
                {state === 'stale' &&
                  (u.source_diff ? (
                    <>
                      <p className="unit-explain">{t('units.diff')}</p>
                      <DiffView diff={u.source_diff} label={t('units.diff')} />
                    </>
                  ) : (
                    <p className="muted">{t('units.noDiff')}</p>
                  ))}
              </li>
            );
          })}
        </ul>
      )}
      {markable && (
        <button type="button" className="btn" onClick={onMark} disabled={busy} aria-busy={busy || undefined}>
          {t('units.mark')}
        </button>
      )}
    </section>
  );
}
