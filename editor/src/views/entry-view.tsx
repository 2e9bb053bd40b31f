// An entry in every language of the site: one pane per language (two columns on a wide screen,
// tabs below 1100px), the preview beside them, one Save for all languages, the draft kept as it
// is typed, conflicts, delete and photos.
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { DeleteRefused } from '../api';
import { findCollection, sourceLanguage, useApp } from '../app-context';
import type { CodeEditorHandle } from '../components/code-editor';
import { ConflictView } from '../components/conflict-view';
import { DeleteDialog } from '../components/delete-dialog';
import { LanguagePane } from '../components/language-pane';
import { PhotoDialog } from '../components/photo-dialog';
import { PreviewFrame } from '../components/preview-frame';
import { useAnnounce } from '../components/status';
import { clearDraft } from '../drafts';
import { useMedia, WIDE } from '../hooks';
import { formatTime, useI18n } from '../i18n';
import { collectionLabel } from '../labels';
import { hrefOf, navigate } from '../router';
import { useCheck } from './use-check';
import { changedFiles, errorText, useEntry } from './use-entry';
import { usePhoto } from './use-photo';

export function EntryView({ collection: collectionName, id }: { collection: string; id: string }) {
  const { client, site, reloadSite } = useApp();
  const i18n = useI18n();
  const { t } = i18n;
  const announce = useAnnounce();
  const collection = findCollection(site, collectionName);
  const languages = site.languages;
  const source = sourceLanguage(site);
  const { state, setText, updateFiles, discard, save, resolve, setUnits } = useEntry(client, collectionName, id);
  const wide = useMedia(WIDE);
  const [focused, setFocused] = useState<string>(() => languages.find((l) => l.code === i18n.lang)?.code ?? source?.code ?? '');
  const [showPreview, setShowPreview] = useState(true);
  const [marking, setMarking] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ busy: boolean; refused: DeleteRefused | null } | null>(null);
  const editors = useRef<Record<string, CodeEditorHandle | null>>({});
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const ready = state.status === 'ready';
  const check = useCheck(client, collectionName, id, ready ? state.files : null, focused || null, i18n.lang);
  const photo = usePhoto(client, collection?.form ?? 'raw', languages, state.files, updateFiles, editors);

  // A refused save's diagnostics show until the next change.
  const diagnostics = state.saveDiagnostics ?? check.diagnostics;

  const dirty = Object.keys(changedFiles(state.files)).length > 0 || state.isNew;
  const title = useMemo(() => {
    const summary = collection?.entries.find((e) => e.id === id);
    return summary?.titles[i18n.lang] ?? summary?.titles[source?.code ?? ''] ?? id;
  }, [collection, id, i18n.lang, source]);

  const onSave = useCallback(async () => {
    const r = await save();
    if (r.outcome === 'saved') {
      announce(t('entry.saved'), 'success');
      void reloadSite();
    } else if (r.outcome === 'nothing') announce(t('entry.nothingToSave'));
    else if (r.outcome === 'conflict') announce(t('conflict.heading'), 'error');
    else if (r.outcome === 'invalid') announce(t('entry.invalid'), 'error');
    else announce(t('error.load', { message: r.message ?? '' }), 'error');
  }, [save, announce, t, reloadSite]);

  const onResolve = useCallback(
    (lang: string, choice: 'mine' | 'theirs') => {
      const all = resolve(lang, choice);
      if (choice === 'theirs') announce(t('conflict.took', { language: languages.find((l) => l.code === lang)?.name ?? lang }));
      if (all) void save(all).then((r) => (r.outcome === 'saved' ? announce(t('entry.saved'), 'success') : r.outcome === 'nothing' ? announce(t('entry.allSaved')) : undefined));
    },
    [resolve, save, announce, t, languages],
  );

  const onMark = useCallback(
    async (lang: string) => {
      setMarking(lang);
      try {
        const entry = await client.mark(collectionName, id, lang);
        setUnits(entry);
        announce(t('units.marked', { language: languages.find((l) => l.code === lang)?.name ?? lang }), 'success');
        void reloadSite();
      } catch (e) {
        announce(errorText(e), 'error');
      } finally {
        setMarking(null);
      }
    },
    [client, collectionName, id, setUnits, announce, t, languages, reloadSite],
  );

  const onDelete = useCallback(async () => {
    setDeleting({ busy: true, refused: null });
    const versions: Record<string, string | null> = {};
    for (const [lang, f] of Object.entries(state.entry?.files ?? {})) versions[lang] = f.version;
    try {
      const r = await client.delete(collectionName, id, versions);
      if (r.kind === 'conflict') {
        setDeleting({ busy: false, refused: r.data });
        return;
      }
      clearDraft(collectionName, id);
      setDeleting(null);
      announce(t('entry.deleted', { id }), 'success');
      await reloadSite();
      navigate({ view: 'home' });
    } catch (e) {
      setDeleting(null);
      announce(errorText(e), 'error');
    }
  }, [client, collectionName, id, state.entry, announce, t, reloadSite]);

  const onDiscard = useCallback(() => {
    if (!window.confirm(t('entry.discardConfirm'))) return;
    const r = discard();
    announce(t('entry.draftDiscarded'));
    if (r === 'gone') navigate({ view: 'home' });
  }, [discard, announce, t]);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const forward = i18n.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = i18n.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next = -1;
    if (e.key === forward) next = (index + 1) % languages.length;
    else if (e.key === back) next = (index - 1 + languages.length) % languages.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = languages.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const code = languages[next]?.code;
    if (code) {
      setFocused(code);
      tabRefs.current[code]?.focus();
    }
  };

  if (!collection) return <p role="alert">{t('new.unknownCollection', { collection: collectionName })}</p>;
  if (state.status === 'loading') return <p aria-busy="true">{t('loading')}</p>;
  if (state.status === 'error')
    return (
      <div role="alert" className="notice notice-error">
        <p>{t('error.load', { message: state.error ?? '' })}</p>
        <a href={hrefOf({ view: 'home' })}>{t('entry.back')}</a>
      </div>
    );

  const focusedLanguage = languages.find((l) => l.code === focused) ?? languages[0];
  const previewLanguage = languages.find((l) => l.code === check.previewLang) ?? focusedLanguage;
  const units = state.entry?.units ?? [];

  return (
    <div className="entry-view">
      <div className="entry-header">
        <a className="back-link" href={hrefOf({ view: 'home' })}>
          <span aria-hidden="true">{i18n.dir === 'rtl' ? '→ ' : '← '}</span>
          {t('entry.back')}
        </a>
        <h1 className="entry-title">
          <span className="muted">{collectionLabel(i18n.lang, collectionName)}: </span>
          <span dir="auto">{title}</span>
        </h1>
        <div className="entry-badges">
          {state.isNew && <span className="badge badge-new">{t('entry.newBadge')}</span>}
          <span className={`badge ${dirty ? 'badge-dirty' : 'badge-clean'}`}>{dirty ? t('entry.unsaved') : t('entry.allSaved')}</span>
          <span className="check-state muted">
            {check.status === 'checking'
              ? t('entry.checking')
              : check.status === 'failed'
                ? t('entry.checkFailed', { message: check.error ?? '' })
                : check.status === 'done'
                  ? t('entry.checked', {
                      errors: t('entry.errors', { count: diagnostics.filter((d) => d.severity === 'error').length }),
                      warnings: t('entry.warnings', { count: diagnostics.filter((d) => d.severity === 'warning').length }),
                    })
                  : ''}
          </span>
        </div>
        <div className="entry-actions">
          <button type="button" className="btn btn-primary" onClick={() => void onSave()} disabled={state.saving} aria-busy={state.saving || undefined}>
            {state.saving ? t('entry.saving') : t('entry.save')}
          </button>
          <button type="button" className="btn" onClick={() => setShowPreview((v) => !v)} aria-pressed={showPreview}>
            {showPreview ? t('preview.hide') : t('preview.show')}
          </button>
          {state.isNew && state.restoredAt === null && (
            <button type="button" className="btn" onClick={onDiscard}>
              {t('entry.discardDraft')}
            </button>
          )}
          {collection.entries_can_change && !state.isNew && (
            <button type="button" className="btn btn-danger" onClick={() => setDeleting({ busy: false, refused: null })}>
              {t('entry.delete')}
            </button>
          )}
        </div>
      </div>

      {state.restoredAt !== null && (
        <div className="notice notice-info" role="note">
          <p>{t('entry.draftRestored', { time: formatTime(i18n.lang, state.restoredAt) })}</p>
          <button type="button" className="btn" onClick={onDiscard}>
            {t('entry.discardDraft')}
          </button>
        </div>
      )}
      {state.saveDiagnostics && (
        <p className="notice notice-error">
          {t('entry.invalid')}
        </p>
      )}
      {state.conflicts && <ConflictView conflicts={state.conflicts} files={state.files} languages={languages} onResolve={onResolve} />}

      {!wide && (
        <div className="tabs" role="tablist" aria-label={t('entry.languages')}>
          {languages.map((l, i) => (
            <button
              key={l.code}
              ref={(el) => {
                tabRefs.current[l.code] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${l.code}`}
              aria-controls={`panel-${l.code}`}
              aria-selected={l.code === focused}
              tabIndex={l.code === focused ? 0 : -1}
              className="tab"
              lang={l.code}
              onClick={() => setFocused(l.code)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {l.name}
            </button>
          ))}
        </div>
      )}

      <div className={`entry-layout${wide ? ' is-wide' : ''}${showPreview ? ' with-preview' : ''}`}>
        <div className="panes">
          {languages.map((l) => {
            const file = state.files[l.code];
            if (!file) return null;
            return (
              <div key={l.code} id={`panel-${l.code}`} className="pane-slot" hidden={!wide && l.code !== focused} role={wide ? undefined : 'tabpanel'} aria-labelledby={wide ? undefined : `tab-${l.code}`}>
                <LanguagePane
                  language={l}
                  collection={collection}
                  file={file}
                  refs={site.refs}
                  diagnostics={diagnostics.filter((d) => d.lang === l.code)}
                  units={units}
                  source={source}
                  hidden={false}
                  onText={(text) => setText(l.code, text)}
                  onFocus={() => setFocused(l.code)}
                  onStartFrom={() => setText(l.code, source ? (state.files[source.code]?.text ?? '') : '')}
                  onMark={() => void onMark(l.code)}
                  marking={marking === l.code}
                  onPhoto={(path, f) => void photo.upload(f, { kind: 'field', path })}
                  onBodyPhoto={(f) => void photo.upload(f, { kind: 'body', lang: l.code })}
                  editorHandle={(h) => {
                    editors.current[l.code] = h;
                  }}
                />
              </div>
            );
          })}
        </div>
        {showPreview && <PreviewFrame url={check.preview} revision={check.revision} languageName={previewLanguage?.name ?? ''} stale={check.stale} noPage={check.noPage} />}
      </div>

      {photo.pending && <PhotoDialog src={photo.pending.preview} languages={languages.filter((l) => state.files[l.code]?.text != null)} initial={photo.pending.initial} onDone={photo.finish} onCancel={photo.cancel} />}
      {deleting && (
        <DeleteDialog
          id={id}
          paths={Object.values(state.entry?.files ?? {})
            .filter((f) => f.text !== null)
            .map((f) => f.path)}
          busy={deleting.busy}
          refused={deleting.refused}
          onConfirm={() => void onDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
