// Every collection of the site with its entries: each language's translation state, drafts in
// progress, a title search in any language and the "needs translating" filter.
import { useId, useMemo, useState } from 'react';
import type { CollectionInfo, EntrySummary, Language } from '../api';
import { useApp } from '../app-context';
import { needsTranslating, StateBadge } from '../components/state-badge';
import { draftIds, newDraftsOf } from '../drafts';
import { useI18n } from '../i18n';
import { collectionLabel } from '../labels';
import { hrefOf } from '../router';
import { matchesSearch } from '../search';

export function entryNeedsTranslating(e: EntrySummary): boolean {
  return Object.values(e.states).some(needsTranslating);
}

function titleOf(e: EntrySummary, uiLang: string, languages: Language[]): string | null {
  const inUi = e.titles[uiLang];
  if (inUi) return inUi;
  for (const l of languages) {
    const t = e.titles[l.code];
    if (t) return t;
  }
  return null;
}

function CollectionSection({ c, query, onlyBehind, drafts }: { c: CollectionInfo; query: string; onlyBehind: boolean; drafts: Set<string> }) {
  const { site } = useApp();
  const { t, lang } = useI18n();
  const headingId = useId();
  const label = collectionLabel(lang, c.name);
  const newDrafts = c.entries_can_change ? newDraftsOf(c.name).filter((d) => !c.entries.some((e) => e.id === d.id)) : [];
  const shown = c.entries.filter((e) => (!onlyBehind || entryNeedsTranslating(e)) && matchesSearch(query, [...Object.values(e.titles), e.id]));
  const filtering = onlyBehind || query.trim() !== '';
  if (filtering && shown.length === 0) return null;
  return (
    <section className="collection" aria-labelledby={headingId}>
      <div className="collection-head">
        <h2 id={headingId}>
          {label} <span className="muted count">({t('home.entries', { count: c.entries.length })})</span>
        </h2>
        {c.entries_can_change && (
          <a className="btn" href={hrefOf({ view: 'new', collection: c.name })} aria-label={t('home.newIn', { collection: label })}>
            <span aria-hidden="true">+ </span>
            {t('home.new')}
          </a>
        )}
      </div>
      {filtering && <p className="muted">{t('home.shown', { shown: shown.length, total: c.entries.length })}</p>}
      {c.entries.length === 0 && newDrafts.length === 0 ? (
        <p className="muted">{t('home.empty')}</p>
      ) : (
        <table className="entries">
          <thead>
            <tr>
              <th scope="col">{t('home.entry')}</th>
              {site.languages.map((l) => (
                <th scope="col" key={l.code} lang={l.code}>
                  {l.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {newDrafts.map((d) => (
              <tr key={`new-${d.id}`} className="is-new-draft">
                <th scope="row">
                  <a href={hrefOf({ view: 'entry', collection: c.name, id: d.id })}>
                    <code dir="ltr">{d.id}</code>
                  </a>{' '}
                  <span className="badge badge-new">{t('entry.newBadge')}</span>
                </th>
                {site.languages.map((l) => (
                  <td key={l.code} />
                ))}
              </tr>
            ))}
            {shown.map((e) => {
              const title = titleOf(e, lang, site.languages);
              return (
                <tr key={e.id}>
                  <th scope="row">
                    <a href={hrefOf({ view: 'entry', collection: c.name, id: e.id })} dir="auto">
                      {title ?? t('home.missingTitle')}
                    </a>
                    {title !== e.id && (
                      <>
                        {' '}
                        <code className="entry-id muted" dir="ltr">
                          {e.id}
                        </code>
                      </>
                    )}
                    {drafts.has(`${c.name}/${e.id}`) && (
                      <>
                        {' '}
                        <span className="badge badge-dirty">{t('home.hasDraft')}</span>
                      </>
                    )}
                    {e.draft && (
                      <>
                        {' '}
                        <span className="badge badge-unpublished">{t('home.postDraft')}</span>
                      </>
                    )}
                  </th>
                  {site.languages.map((l) => {
                    const s = e.states[l.code];
                    return <td key={l.code}>{s && <StateBadge state={s} />}</td>;
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function HomeView() {
  const { site } = useApp();
  const { t } = useI18n();
  const [query, setQuery] = useState('');
  const [onlyBehind, setOnlyBehind] = useState(false);
  const drafts = useMemo(() => draftIds(), []);
  const searchId = useId();
  const helpId = useId();
  const anyShown = site.collections.some((c) => c.entries.some((e) => (!onlyBehind || entryNeedsTranslating(e)) && matchesSearch(query, [...Object.values(e.titles), e.id])));
  return (
    <div className="home">
      <h1>{t('home.heading')}</h1>
      <p className="muted">{t('home.intro')}</p>
      <div className="filters" role="search">
        <div className="field">
          <label htmlFor={searchId} className="field-label">
            {t('home.search')}
          </label>
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby={helpId} dir="auto" />
          <p id={helpId} className="muted field-help">
            {t('home.searchHelp')}
          </p>
        </div>
        <div className="field field-boolean">
          <input id={`${searchId}-behind`} type="checkbox" checked={onlyBehind} onChange={(e) => setOnlyBehind(e.target.checked)} />
          <label htmlFor={`${searchId}-behind`}>{t('home.needsTranslating')}</label>
        </div>
      </div>
      {(query.trim() !== '' || onlyBehind) && !anyShown && (
        <p className="notice notice-info" role="status">
          {t('home.noMatch')}
        </p>
      )}
      {site.collections.map((c) => (
        <CollectionSection key={c.name} c={c} query={query} onlyBehind={onlyBehind} drafts={drafts} />
      ))}
    </div>
  );
}
