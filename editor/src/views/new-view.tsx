// A new entry: its name (slug) asked once and checked, then sahel's template in every language
// becomes a draft (files with no version) until it is saved.
import { useId, useState, type FormEvent } from 'react';
import { findCollection, useApp } from '../app-context';
import { useAnnounce } from '../components/status';
import { loadDraft, markCreated, saveDraft, type DraftFile } from '../drafts';
import { useI18n } from '../i18n';
import { collectionLabel } from '../labels';
import { hrefOf, navigate } from '../router';
import { errorText } from './use-entry';

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function NewView({ collection: name }: { collection: string }) {
  const { client, site } = useApp();
  const { t, lang } = useI18n();
  const announce = useAnnounce();
  const [id, setId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const collection = findCollection(site, name);
  if (!collection) return <p role="alert">{t('new.unknownCollection', { collection: name })}</p>;
  const label = collectionLabel(lang, name);
  if (!collection.entries_can_change)
    return (
      <div role="alert" className="notice notice-error">
        <p>{t('new.notAllowed')}</p>
        <a href={hrefOf({ view: 'home' })}>{t('entry.back')}</a>
      </div>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const slug = id.trim();
    if (!SLUG.test(slug)) {
      setError(t('new.idInvalid'));
      return;
    }
    if (collection.entries.some((x) => x.id === slug)) {
      setError(t('new.idTaken'));
      return;
    }
    if (loadDraft(name, slug)?.isNew) {
      navigate({ view: 'entry', collection: name, id: slug });
      return;
    }
    setBusy(true);
    try {
      const r = await client.template(name, slug);
      if (r.kind === 'conflict') {
        setError(r.data.message ?? t('new.idTaken'));
        return;
      }
      const files: Record<string, DraftFile> = {};
      for (const [l, f] of Object.entries(r.data.files)) files[l] = { path: f.path, text: f.text ?? '', base: null, version: null };
      saveDraft({ collection: name, id: slug, isNew: true, savedAt: Date.now(), files });
      markCreated(name, slug);
      navigate({ view: 'entry', collection: name, id: slug });
    } catch (err) {
      announce(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${inputId}-error`;
  return (
    <div className="new-entry">
      <a className="back-link" href={hrefOf({ view: 'home' })}>
        {t('entry.back')}
      </a>
      <h1>{t('new.heading', { collection: label })}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={inputId} className="field-label">
            {t('new.idLabel')}
          </label>
          <p id={`${inputId}-help`} className="muted field-help">
            {t('new.idHelp')}
          </p>
          <input
            id={inputId}
            type="text"
            dir="ltr"
            lang="en"
            autoComplete="off"
            spellCheck={false}
            value={id}
            aria-invalid={error !== null || undefined}
            aria-describedby={`${inputId}-help${error ? ` ${errorId}` : ''}`}
            onChange={(e) => {
              setId(e.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={errorId} className="msg msg-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('new.creating') : t('new.create')}
        </button>
      </form>
    </div>
  );
}
