import { useEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Footer } from '@/features/layout/footer';
import { Header } from '@/features/layout/header';
import { Spinner } from '@/features/layout/spinner';
import { PageDataProvider } from '@/features/page-data/page-data-provider';
import { usePageData } from '@/features/page-data/use-page-data';
import { AssistantChatScreen } from '@/features/screens/assistant-chat-screen';
import { ArticleNotFound, BlogPostScreen, BlogScreen } from '@/features/screens/blog-screens';
import { ContactScreen } from '@/features/screens/contact-screen';
import { FaqScreen } from '@/features/screens/faq-screen';
import { HomeScreen } from '@/features/screens/home-screen';
import { LongPageScreen } from '@/features/screens/long-page-screen';
import { PricingScreen } from '@/features/screens/pricing-screen';
import { ServiceScreen } from '@/features/screens/service-screen';
import { ServicesScreen } from '@/features/screens/services-screen';
import { i18nFor } from '@/i18n';
import { DIRECTION, langFromPath } from '@/shared/locale';
import type { Lang, PageKind, RouteData } from '@/shared/page-data';
import { paths } from '@/shared/paths';

/** The whole app. The router (static on the server, browser on the client) wraps it. */
export function App({ initial }: { initial: RouteData }) {
  return (
    <PageDataProvider initial={initial}>
      <LocalisedShell />
    </PageDataProvider>
  );
}

function LocalisedShell() {
  const location = useLocation();
  const lang = langFromPath(location.pathname);
  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <Layout lang={lang}>
        <Routes>
          <Route path="/:lang">
            <Route index element={<Screen kind="home" lang={lang} />} />
            <Route path="home" element={<Screen kind="home" lang={lang} />} />
            <Route path="about" element={<Screen kind="about" lang={lang} />} />
            <Route path="services" element={<Screen kind="services" lang={lang} />} />
            <Route path="services/:id" element={<Screen kind="service" lang={lang} />} />
            <Route path="pricing" element={<Screen kind="pricing" lang={lang} />} />
            <Route path="faq" element={<Screen kind="faq" lang={lang} />} />
            <Route path="blog" element={<Screen kind="blog" lang={lang} />} />
            <Route path="blog/:slug" element={<Screen kind="blogPost" lang={lang} />} />
            <Route path="contact" element={<Screen kind="contact" lang={lang} />} />
            <Route path="privacy" element={<Screen kind="privacy" lang={lang} />} />
            <Route path="terms" element={<Screen kind="terms" lang={lang} />} />
            <Route path="assistant-chat" element={<Screen kind="assistantChat" lang={lang} />} />
            <Route path="*" element={<UnknownPath lang={lang} />} />
          </Route>
          <Route path="*" element={<UnknownPath lang={lang} />} />
        </Routes>
      </Layout>
    </I18nextProvider>
  );
}

function Layout({ lang, children }: { lang: Lang; children: ReactNode }) {
  const { t } = useTranslation();
  const { data } = usePageData();
  // Language and direction follow the path (the document shell set them for the first page).
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = DIRECTION[lang];
  }, [lang]);
  // Marks the document once React has hydrated it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div dir={DIRECTION[lang]} lang={lang} className={`min-h-screen bg-white text-slate-900 ${lang === 'ar' ? 'font-ar' : 'font-en'}`}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-3">
        {t('nav.skipToContent')}
      </a>
      <Header lang={lang} site={data.site} />
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer lang={lang} site={data.site} serviceTitles={data.site.serviceTitles} />
    </div>
  );
}

/** Picks the screen for the current data, or the spinner while the next page's data loads. */
function Screen({ kind, lang }: { kind: PageKind; lang: Lang }) {
  const { t } = useTranslation();
  const { data, loading, missing } = usePageData();
  if (missing) {
    return kind === 'blogPost' ? <ArticleNotFound lang={lang} /> : <Navigate to={paths.home(lang)} replace />;
  }
  const page = data.page;
  if (loading || page.kind !== kind) return <Spinner />;
  switch (page.kind) {
    case 'home':
      return <HomeScreen page={page} lang={lang} />;
    case 'about':
      return <LongPageScreen page={page.page} fallbackTitle={t('meta.about.title')} />;
    case 'privacy':
      return <LongPageScreen page={page.page} fallbackTitle={t('meta.privacy.title')} />;
    case 'terms':
      return <LongPageScreen page={page.page} fallbackTitle={t('meta.terms.title')} />;
    case 'services':
      return <ServicesScreen page={page} lang={lang} />;
    case 'service':
      return <ServiceScreen service={page.service} lang={lang} />;
    case 'pricing':
      return <PricingScreen pricing={page.pricing} lang={lang} />;
    case 'faq':
      return <FaqScreen faq={page.faq} />;
    case 'blog':
      return <BlogScreen posts={page.posts} lang={lang} />;
    case 'blogPost':
      return <BlogPostScreen post={page.post} lang={lang} />;
    case 'contact':
      return <ContactScreen site={data.site} />;
    case 'assistantChat':
      return <AssistantChatScreen />;
    case 'notFound':
      return <UnknownPath lang={lang} />;
  }
}

/**
 * An unknown path. The pre-rendered 404 page shows a message and a link home (readable
 * without JavaScript); in the browser it redirects to the language root.
 */
function UnknownPath({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const { data } = usePageData();
  const location = useLocation();
  const isPrerendered404 = data.page.kind === 'notFound' && location.pathname === data.path;
  if (typeof window !== 'undefined' && !isPrerendered404) return <Navigate to={paths.home(lang)} replace />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('common.pageNotFound')}</h1>
      <p className="mt-4 text-slate-700">{t('common.pageNotFoundText')}</p>
      <Link to={paths.home(lang)} className="mt-8 inline-block rounded-md bg-emerald-700 px-5 py-3 font-semibold text-white">
        {t('common.goHome')}
      </Link>
    </div>
  );
}
