// What changed since the last commit, a message, the author, Commit and Publish; when the
// remote moved on, "Bring in their changes" then publish again. Without git, its reason.
import { useCallback, useEffect, useId, useState } from 'react';
import type { Changes } from '../api';
import { useApp } from '../app-context';
import type { Author } from '../client';
import { DiffView } from '../components/diff-view';
import { useAnnounce } from '../components/status';
import { useI18n, type Key } from '../i18n';
import { errorText } from './use-entry';

const AUTHOR_KEY = 'sahel-edit:author';

function keptAuthor(): Author {
  try {
    const a = JSON.parse(localStorage.getItem(AUTHOR_KEY) ?? 'null') as Author | null;
    if (a && typeof a.name === 'string' && typeof a.email === 'string') return a;
  } catch {
    // none kept
  }
  return { name: '', email: '' };
}

const STATUS: Record<Changes['files'][number]['status'], Key> = {
  added: 'status.added',
  modified: 'status.modified',
  deleted: 'status.deleted',
  renamed: 'status.renamed',
  untracked: 'status.untracked',
};

type Busy = null | 'commit' | 'publish' | 'pull';

export function ChangesView() {
  const { client } = useApp();
  const { t } = useI18n();
  const announce = useAnnounce();
  const [changes, setChanges] = useState<Changes | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [author, setAuthor] = useState<Author>(keptAuthor);
  const [busy, setBusy] = useState<Busy>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  const load = useCallback(
    () =>
      client.changes().then(
        (c) => {
          setChanges(c);
          setLoadError(null);
        },
        (e: unknown) => setLoadError(errorText(e)),
      ),
    [client],
  );

  useEffect(() => {
    client.changes().then(setChanges, (e: unknown) => setLoadError(errorText(e)));
  }, [client]);

  if (loadError)
    return (
      <div role="alert" className="notice notice-error">
        <p>{t('error.load', { message: loadError })}</p>
        <button type="button" className="btn" onClick={() => void load()}>
          {t('retry')}
        </button>
      </div>
    );
  if (!changes) return <p aria-busy="true">{t('loading')}</p>;
  const git = changes.git;
  const needAuthor = git.author === null;

  const commit = async () => {
    setProblem(null);
    if (message.trim() === '') {
      setProblem(t('changes.messageRequired'));
      return;
    }
    if (needAuthor && (author.name.trim() === '' || author.email.trim() === '')) {
      setProblem(t('changes.authorRequired'));
      return;
    }
    if (needAuthor) localStorage.setItem(AUTHOR_KEY, JSON.stringify(author));
    setBusy('commit');
    try {
      const r = await client.commit(message.trim(), needAuthor ? { name: author.name.trim(), email: author.email.trim() } : null);
      announce(t('changes.committed', { commit: r.commit.slice(0, 10) }), 'success');
      setMessage('');
      await load();
    } catch (e) {
      announce(errorText(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    setBusy('publish');
    try {
      const r = await client.publish();
      if (r.kind === 'conflict') {
        setRefused(r.data.message);
        announce(t('changes.refused'), 'error');
      } else {
        setRefused(null);
        announce(t('changes.published'), 'success');
        await load();
      }
    } catch (e) {
      announce(errorText(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const pull = async () => {
    setBusy('pull');
    try {
      // A merge commit needs an author: the one asked for the commit when git's config has none.
      const r = await client.pull(needAuthor && author.name.trim() !== '' && author.email.trim() !== '' ? { name: author.name.trim(), email: author.email.trim() } : null);
      if (r.kind === 'conflict') {
        announce(t('changes.pullFailed', { message: r.data.message }), 'error');
        setBusy(null);
        return;
      }
      announce(t('changes.pulled'));
      setRefused(null);
    } catch (e) {
      announce(t('changes.pullFailed', { message: errorText(e) }), 'error');
      setBusy(null);
      return;
    }
    await publish();
  };

  return (
    <div className="changes">
      <div className="collection-head">
        <h1>{t('changes.heading')}</h1>
        <button type="button" className="btn" onClick={() => void load()}>
          {t('changes.refresh')}
        </button>
      </div>
      {!git.available ? (
        <div className="notice notice-warning" role="note">
          <p dir="auto">{t('changes.noGit', { reason: git.reason ?? '' })}</p>
          <p>{t('changes.savingWorks')}</p>
        </div>
      ) : (
        <>
          {git.branch && <p className="muted">{t('changes.branch', { branch: git.branch })}</p>}
          <h2>{t('changes.files', { count: changes.files.length })}</h2>
          {changes.files.length === 0 ? (
            <p>{t('changes.none')}</p>
          ) : (
            <ul className="changed-files">
              {changes.files.map((f) => (
                <li key={f.path}>
                  <span className={`badge file-${f.status}`}>{t(STATUS[f.status])}</span> <code dir="ltr">{f.path}</code>
                </li>
              ))}
            </ul>
          )}
          {changes.diff.trim() !== '' && (
            <details className="diff-details" open={changes.diff.length < 20000}>
              <summary>{t('changes.diff')}</summary>
              <DiffView diff={changes.diff} label={t('changes.diff')} />
            </details>
          )}
          <form
            className="commit-form"
            onSubmit={(e) => {
              e.preventDefault();
              void commit();
            }}
          >
            <div className="field">
              <label htmlFor={`${ids}-msg`} className="field-label">
                {t('changes.message')}
              </label>
              <p id={`${ids}-msg-help`} className="muted field-help">
                {t('changes.messageHelp')}
              </p>
              <textarea id={`${ids}-msg`} rows={3} dir="auto" value={message} onChange={(e) => setMessage(e.target.value)} aria-describedby={`${ids}-msg-help`} />
            </div>
            <fieldset className="field-group">
              <legend>{t('changes.author')}</legend>
              {git.author ? (
                <p dir="auto">
                  {git.author.name} &lt;<span dir="ltr">{git.author.email}</span>&gt;
                </p>
              ) : (
                <>
                  <div className="field">
                    <label htmlFor={`${ids}-name`} className="field-label">
                      {t('changes.authorName')}
                    </label>
                    <input id={`${ids}-name`} type="text" autoComplete="name" dir="auto" value={author.name} onChange={(e) => setAuthor((a) => ({ ...a, name: e.target.value }))} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${ids}-email`} className="field-label">
                      {t('changes.authorEmail')}
                    </label>
                    <input id={`${ids}-email`} type="email" autoComplete="email" dir="ltr" value={author.email} onChange={(e) => setAuthor((a) => ({ ...a, email: e.target.value }))} />
                  </div>
                </>
              )}
            </fieldset>
            {problem && (
              <p className="msg msg-error" role="alert">
                {problem}
              </p>
            )}
            <div className="actions">
              <button type="submit" className="btn btn-primary" disabled={busy !== null || changes.files.length === 0} aria-busy={busy === 'commit' || undefined}>
                {busy === 'commit' ? t('changes.committing') : t('changes.commit')}
              </button>
              <button type="button" className="btn" disabled={busy !== null || !git.remote} aria-busy={busy === 'publish' || undefined} onClick={() => void publish()}>
                {busy === 'publish' ? t('changes.publishing') : t('changes.publish')}
              </button>
            </div>
            {!git.remote && <p className="muted">{t('changes.noRemote')}</p>}
          </form>
          {refused !== null && (
            <div className="notice notice-warning" role="alert">
              <p>{t('changes.refused')}</p>
              {refused && <p dir="auto">{refused}</p>}
              <button type="button" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'pull' || undefined} onClick={() => void pull()}>
                {busy === 'pull' ? t('changes.pulling') : t('changes.pull')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
