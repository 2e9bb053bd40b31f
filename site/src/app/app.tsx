// The order of these imports decides where Rolldown puts Vite's preload helper: in its own
// chunk, as the pages' markup (which modulepreloads it) expects. Sorting them moved it into the
// entry chunk, and every page's HTML changed.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Navigate, useLocation } from 'react-router-dom';
import { Link, LinkNavigation } from '@/shared/routing/link';
import { AuthProvider } from '@/features/auth/auth-provider';
import { LanguageProvider } from '@/shared/language/language-provider';
import { useLanguage } from '@/shared/language/use-language';
import { ErrorBoundary } from '@/features/layout/error-boundary';
import { FloatingButtons } from '@/features/layout/floating-buttons';
import { Footer } from '@/features/layout/footer';
import { Header } from '@/features/layout/header';
import { SearchLauncher } from '@/features/search/search-launcher';
import { Spinner } from '@/features/layout/spinner';
import { PageDataProvider } from '@/shared/page-data/page-data-provider';
import { usePageData } from '@/shared/page-data/use-page-data';
import { ArticleNotFound } from '@/app/routes/article-not-found';
import { ScreenContext, useScreens } from '@/app/routes/screen-context';
import { screenForPath } from '@/app/routes/screen-for-path';
import type { ScreenComponent, ScreenKind, ScreenSource } from '@/app/routes/screen-types';
import { ToasterSlot } from '@/shared/toast/toaster-slot';
import { direction, fontClass } from '@/shared/languages';
import type { RouteData } from '@/shared/page-data';
import { paths } from '@/shared/paths';
import { buttonVariants } from '@/shared/ui/button';

/**
 * The whole app. The router (static on the server, browser on the client) wraps it; `screens`
 * gives the screens' code (all of it on the server, loaded per screen in the browser).
 */
export function App({ initial, screens }: { initial: RouteData; screens: ScreenSource }) {
  const { pathname } = useLocation();
  return (
    <ScreenContext.Provider value={screens}>
      <LinkNavigation>
        <PageDataProvider initial={initial}>
          <LanguageProvider>
            <AuthProvider>
              <ErrorBoundary resetKey={pathname}>
                <Layout>
                  <ErrorBoundary resetKey={pathname}>
                    <AppRoutes />
                  </ErrorBoundary>
                </Layout>
              </ErrorBoundary>
            </AuthProvider>
          </LanguageProvider>
        </PageDataProvider>
      </LinkNavigation>
    </ScreenContext.Provider>
  );
}

/** The screen of the current path (see `screenForPath`), or the unknown-path screen. */
function AppRoutes() {
  const { pathname } = useLocation();
  const kind = screenForPath(pathname);
  return kind ? <Screen kind={kind} /> : <UnknownPath />;
}

function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { language: lang } = useLanguage();
  const { data } = usePageData();
  // Marks the document once React has hydrated it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div dir={direction(lang)} lang={lang} className={`flex min-h-screen flex-col bg-white text-slate-900 antialiased ${fontClass(lang)}`}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white p-3 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <Header site={data.site} search={<SearchLauncher lang={lang} />} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer site={data.site} />
      <FloatingButtons site={data.site} />
      <ToasterSlot />
    </div>
  );
}

/**
 * Picks the screen for the current data, or the spinner while the next page's data or the
 * screen's code loads.
 */
function Screen({ kind }: { kind: ScreenKind }) {
  const { language: lang } = useLanguage();
  const { data, loading, missing } = usePageData();
  const screens = useScreens();
  const Component = screens.get(kind);
  const [, setLoaded] = useState<ScreenComponent | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Component) return;
    let live = true;
    screens.load(kind).then(
      (screen) => live && setLoaded(() => screen),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [Component, kind, screens]);
  if (failure) throw failure.error; // shown by the error boundary
  if (missing) {
    return kind === 'blogPost' ? <ArticleNotFound lang={lang} /> : <Navigate to={paths.home(lang)} replace />;
  }
  if (loading || data.page.kind !== kind || !Component) return <Spinner />;
  return <Component data={data} lang={lang} />;
}

/**
 * An unknown path. The pre-rendered 404 page shows a message and a link home (readable
 * without JavaScript); in the browser it redirects to the current language's root.
 */
function UnknownPath() {
  const { t } = useTranslation();
  const { language: lang } = useLanguage();
  const { data } = usePageData();
  const location = useLocation();
  const isPrerendered404 = data.page.kind === 'notFound' && location.pathname === data.path;
  if (typeof window !== 'undefined' && !isPrerendered404) return <Navigate to={paths.home(lang)} replace />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{data.screen.title}</h1>
      <p className="mt-4 text-slate-700">{t('common.pageNotFoundText')}</p>
      <Link to={paths.home(lang)} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        {t('common.goHome')}
      </Link>
    </div>
  );
}
