// The editor: the site's description loaded once (GET /site), the header with the editor's own
// language switch, and the view of the hash route.
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { SiteInfo } from './api';
import { AppContext, type AppContextValue } from './app-context';
import { ApiError, Client } from './client';
import { StatusProvider } from './components/status';
import { I18nContext, initialUiLang, keepUiLang, makeI18n, UI_LANGS, useI18n, type UiLang } from './i18n';
import { hrefOf, useRoute } from './router';
import { ChangesView } from './views/changes-view';
import { EntryView } from './views/entry-view';
import { HomeView } from './views/home-view';
import { NewView } from './views/new-view';

const LANG_NAMES: Record<UiLang, string> = { ar: 'العربية', en: 'English' };

function kept(): UiLang | null {
  try {
    const v = localStorage.getItem('sahel-edit:ui-lang');
    return v === 'ar' || v === 'en' ? v : null;
  } catch {
    return null;
  }
}

function shellLang(): UiLang {
  const l = document.documentElement.lang.slice(0, 2);
  return l === 'ar' ? 'ar' : 'en';
}

/** The editor's language as the page says it (set below on every change): the client's `ui`. */
function pageLang(): UiLang {
  return document.documentElement.lang === 'ar' ? 'ar' : 'en';
}

type LoadError = { network: true } | { network: false; message: string };

function loadError(e: unknown): LoadError {
  if (e instanceof ApiError && e.status === 0) return { network: true };
  return { network: false, message: e instanceof Error ? e.message : String(e) };
}

export function App({ client: given }: { client?: Client }) {
  const [uiLang, setUiLang] = useState<UiLang>(() => kept() ?? shellLang());
  const client = useMemo(() => given ?? new Client(pageLang), [given]);
  const [site, setSite] = useState<SiteInfo | null>(null);
  const [error, setError] = useState<LoadError | null>(null);
  const route = useRoute();
  const i18n = useMemo(() => makeI18n(uiLang), [uiLang]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.lang = uiLang;
    root.dir = uiLang === 'ar' ? 'rtl' : 'ltr';
    document.title = i18n.t('app.title');
  }, [uiLang, i18n]);

  const applySite = useCallback((s: SiteInfo) => {
    setSite(s);
    setError(null);
    if (kept() === null) setUiLang(initialUiLang(s.languages.find((l) => l.default)?.code ?? null));
  }, []);

  const reloadSite = useCallback(() => client.site().then(applySite, (e: unknown) => setError(loadError(e))), [client, applySite]);

  useEffect(() => {
    client.site().then(applySite, (e: unknown) => setError(loadError(e)));
  }, [client, applySite]);

  const ctx = useMemo<AppContextValue | null>(() => (site ? { client, site, reloadSite } : null), [client, site, reloadSite]);

  const changeLang = (l: UiLang) => {
    keepUiLang(l);
    setUiLang(l);
  };

  const { t } = i18n;
  let view;
  if (!ctx) view = error ? <ErrorBox error={error} onRetry={() => void reloadSite()} /> : <p aria-busy="true">{t('loading')}</p>;
  else if (route.view === 'entry') view = <EntryView key={`${route.collection}/${route.id}`} collection={route.collection} id={route.id} />;
  else if (route.view === 'new') view = <NewView key={route.collection} collection={route.collection} />;
  else if (route.view === 'changes') view = <ChangesView />;
  else view = <HomeView />;

  return (
    <I18nContext.Provider value={i18n}>
      <StatusProvider>
        <a className="skip-link" href="#main" onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}>
          {t('app.skip')}
        </a>
        <header className="app-header">
          <span className="app-title">{t('app.title')}</span>
          <nav aria-label={t('nav.main')}>
            <a href={hrefOf({ view: 'home' })} aria-current={route.view === 'home' ? 'page' : undefined}>
              {t('nav.home')}
            </a>
            <a href={hrefOf({ view: 'changes' })} aria-current={route.view === 'changes' ? 'page' : undefined}>
              {t('nav.changes')}
            </a>
          </nav>
          <div className="lang-switch" role="group" aria-label={t('header.uiLanguage')}>
            {UI_LANGS.map((l) => (
              <button key={l} type="button" className="btn btn-small" lang={l} aria-pressed={l === uiLang} onClick={() => changeLang(l)}>
                {LANG_NAMES[l]}
              </button>
            ))}
          </div>
        </header>
        <main id="main" tabIndex={-1} className="app-main">
          {ctx ? <AppContext.Provider value={ctx}>{view}</AppContext.Provider> : view}
        </main>
      </StatusProvider>
    </I18nContext.Provider>
  );
}

function ErrorBox({ error, onRetry }: { error: LoadError; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="notice notice-error">
      <p>{error.network ? t('error.network') : t('error.load', { message: error.message })}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
