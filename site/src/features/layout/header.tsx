import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Lang, SiteInfo } from '@/shared/page-data';
import { paths } from '@/shared/paths';

const NAV = [
  ['home', paths.home],
  ['about', paths.about],
  ['services', (lang: Lang) => paths.services(lang)],
  ['pricing', paths.pricing],
  ['faq', paths.faq],
  ['blog', paths.blog],
  ['contact', paths.contact],
] as const;

/** Scroll offset after which the header turns translucent. */
export const HEADER_SCROLL_THRESHOLD = 20;

export function Header({ lang, site }: { lang: Lang; site: SiteInfo }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The mobile menu closes on navigation.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const links = (onMobile: boolean) =>
    NAV.map(([key, to]) => (
      <li key={key}>
        <NavLink
          to={to(lang)}
          end={key === 'home'}
          className={({ isActive }) =>
            `block rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
              isActive ? 'bg-emerald-50 text-emerald-800 underline decoration-2 underline-offset-8' : 'text-slate-700 hover:text-emerald-800'
            } ${onMobile ? 'text-base' : ''}`
          }
        >
          {t(`nav.${key}`)}
        </NavLink>
      </li>
    ));

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`sticky top-0 z-40 border-b transition-colors ${
        scrolled ? 'border-slate-200 bg-white/80 backdrop-blur' : 'border-transparent bg-white'
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Link to={paths.home(lang)} className="flex items-center gap-2 font-bold text-emerald-900">
          <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-lg bg-emerald-700 text-white">
            {lang === 'ar' ? 'ن' : 'N'}
          </span>
          <span>{site.companyName}</span>
        </Link>
        <nav aria-label={t('nav.main')} className="ms-auto hidden lg:block">
          <ul className="flex items-center gap-1">{links(false)}</ul>
        </nav>
        <div className="ms-auto flex items-center gap-2 lg:ms-0">
          <Link
            to={paths.assistantChat(lang)}
            className="hidden rounded-md px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 sm:block"
          >
            {t('nav.assistant')}
          </Link>
          <a
            href={`https://wa.me/${site.whatsapp}`}
            target="_blank"
            rel="noopener noreferrer"
            className="hidden rounded-md px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 sm:block"
          >
            {t('nav.whatsapp')}
          </a>
          <Link
            to={paths.contact(lang)}
            className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            {t('nav.getQuote')}
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="rounded-md border border-slate-300 px-3 py-2 text-sm lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label={t('nav.main')} hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <ul className="mx-auto max-w-6xl px-4 py-2">{links(true)}</ul>
      </nav>
    </header>
  );
}
